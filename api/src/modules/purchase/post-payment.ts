// The post-payment process of a paid invoice: a fixed list of steps, each a row with its state, run in order. A step
// runs inside one transaction that locks its row and marks it done, so its database effects happen exactly once;
// a crash leaves the step pending and the process is resumed on the next event or at api start. The steps ask the
// module that owns each table: the license module issues or extends the license, the invoice module numbers the
// invoice, the subscription module starts, extends or settles the subscription.
import { EMAIL_BLOCK_SIZE, estimateExpiry, quotePurchase, type ExtraOptions } from '@portal/shared/domain';
import type { Db } from '../../db/client';
import type { PostPaymentStepName, ScheduledPlanChangeJson } from '../../db/schema';
import { finalizeInvoice, findInvoiceById, findInvoiceDocument, type InvoiceRow, type PurchaseJson } from '../invoice';
import { changeLicensePlan, extendLicense, findLicenseRow, issueLicense } from '../license';
import { findProductIncludingWithdrawn, toProduct, type ProductRow } from '../license/product';
import { findPaymentById, type PaymentRow } from '../payment';
import {
  applyPlanToSubscription,
  createSubscriptionUnlessLive,
  extendSubscriptionPeriod,
  findLiveSubscription,
  findOwnedSubscription,
  lockOwnedSubscription,
  markCancelledByProvider,
  setProviderApproval,
  settleOverageEvents,
} from '../subscription';
import { findUser } from '../user';
import { purchaseConfirmation } from './confirmation-mail';
import type { SellerConfig } from '../../config';
import type { PurchaseDeps } from './deps';
import { approvalOf, boughtExtras, licenseOptionsOf } from './plan-change';
import {
  completeStep,
  failStepAttempt,
  listSteps,
  lockStep,
  unfinishedProcesses,
  type PostPaymentStepRow,
} from './repository';

/** After this many failed attempts a step is `failed` and waits for an operator (logged as an error). */
export const MAX_STEP_ATTEMPTS = 5;

/**
 * What the process uses: the database, the mail to the buyer, the identity service, the log, and the payment
 * provider (a paid plan change revises the provider's subscription).
 */
export type PostPaymentDeps = Pick<PurchaseDeps, 'db' | 'mail' | 'firebaseAuth' | 'log' | 'seller' | 'provider'>;

type Output = Record<string, unknown>;

interface StepContext {
  db: Db;
  deps: PostPaymentDeps;
  invoice: InvoiceRow;
  payment: PaymentRow;
  /** Outputs of the steps already done. */
  done: Partial<Record<PostPaymentStepName, Output>>;
}

class PermanentStepError extends Error {}

async function productOf(db: Db, invoice: InvoiceRow) {
  const purchase = invoice.purchase as unknown as PurchaseJson;
  // Not findProduct: a product withdrawn after the checkout is still delivered.
  const product = await findProductIncludingWithdrawn(db, purchase.product_id);
  if (!product) throw new PermanentStepError(`product ${purchase.product_id} of the invoice no longer exists`);
  return { product, purchase };
}

const STEPS: Record<PostPaymentStepName, (ctx: StepContext) => Promise<Output>> = {
  /** The buyer's api account (the invoice owner) exists and is active. */
  async GetOrCreateLocalUser({ db, invoice }) {
    if (!invoice.userId) throw new PermanentStepError('the invoice has no owner (account deleted)');
    const user = await findUser(db, invoice.userId);
    if (!user) throw new PermanentStepError(`user ${invoice.userId} not found`);
    return { userId: user.id, email: user.email };
  },

  /** The buyer's global identity (the Firebase account the license is bound to) exists. */
  async GetOrCreateGlobalUser({ deps, invoice }) {
    try {
      const account = await deps.firebaseAuth.getUser(invoice.userId!);
      return { uid: account.uid, emailVerified: account.emailVerified };
    } catch (err) {
      if ((err as { code?: string }).code === 'auth/user-not-found') {
        throw new PermanentStepError(`identity account ${invoice.userId} not found`);
      }
      throw err;
    }
  },

  /**
   * The license and the paid invoice, in one transaction: issueLicense (type, expiry by estimateExpiry, the chosen
   * extras) and finalizeInvoice (number, Paid, service period, PDF).
   */
  async CreateInvoiceInDb({ db, deps, invoice, payment }) {
    const { product, purchase } = await productOf(db, invoice);
    const paidAt = payment.paidAt ?? new Date();
    if (purchase.plan_change_of_subscription_id) {
      return settlePlanChange(db, invoice, product, purchase, purchase.plan_change_of_subscription_id, paidAt);
    }
    const existingSubscription = purchase.renewal_of_subscription_id ?? purchase.overage_of_subscription_id;
    if (existingSubscription) {
      return settleOnSubscription(db, invoice, product, purchase, existingSubscription, paidAt, deps.seller);
    }
    const extraOptions: ExtraOptions & { auto_upgrade_consent: boolean } = {
      extra_users_count: purchase.extra_users_count,
      extra_email_count: purchase.extra_email_blocks * EMAIL_BLOCK_SIZE,
      auto_upgrade_consent: purchase.auto_upgrade_consent,
    };
    const license = await issueLicense(db, { userId: invoice.userId!, email: invoice.userEmail }, product, {
      now: paidAt,
      extraOptions,
    });
    const end = license.licenseExpired ? new Date(license.licenseExpired) : null;
    const { invoiceNumber } = await finalizeInvoice(db, invoice.id, {
      paidAt,
      servicePeriod: { start: paidAt, end },
      licenseId: license.id,
      seller: deps.seller,
    });
    return { licenseId: license.id, licenseKey: license.key, invoiceNumber, expiresAt: end?.toISOString() ?? null };
  },

  /** The invoice PDF (made once by finalizeInvoice and stored with the invoice) is there. */
  async CreatePDFAndUpload({ db, invoice }) {
    const doc = await findInvoiceDocument(db, invoice.id);
    if (!doc) throw new Error('the finalized invoice has no stored PDF');
    return { sha256: doc.sha256, bytes: doc.pdf.length };
  },

  /**
   * Subscription products get their subscriptions row; a renewal moves the existing row to the new period end. A
   * seller has at most one live subscription of a plan: a payment that would make a second one (an old payment
   * window of the same plan paid after a subscription began) keeps the paid invoice and the license of the paid
   * period, but no second subscription is started; it is logged as a warning, to be refunded.
   */
  async HandleSubscription({ db, deps, invoice, payment, done }) {
    const { product, purchase } = await productOf(db, invoice);
    if (purchase.renewal_of_subscription_id) {
      const end = new Date(String(done.CreateInvoiceInDb?.expiresAt));
      const resumed = await resumeAfterLatePayment(db, deps.provider, invoice, purchase.renewal_of_subscription_id);
      const live = await extendSubscriptionPeriod(db, purchase.renewal_of_subscription_id, end);
      if (!live && resumed?.state === 'active') {
        await deps.provider.suspendSubscription(resumed.providerRef, 'Another subscription of the plugin is live');
      }
      if (resumed?.state === 'ended') await markCancelledByProvider(db, resumed.providerRef);
      if (!live) {
        deps.log.warn(
          { invoiceId: invoice.id, subscriptionId: purchase.renewal_of_subscription_id },
          'renewal paid for an ended subscription while another subscription of the plan is live; refund by hand',
        );
      }
      return {
        subscription: purchase.renewal_of_subscription_id,
        renewedUntil: end.toISOString(),
        ...(resumed && { provider: resumed.state }),
        ...(!live && { reactivated: false, refundDue: true }),
      };
    }
    if (purchase.plan_change_of_subscription_id) {
      const previous = done.CreateInvoiceInDb?.previousPlan as ScheduledPlanChangeJson | undefined;
      return revisePlanChange(db, deps, invoice, product, purchase, purchase.plan_change_of_subscription_id, previous);
    }
    if (purchase.overage_of_subscription_id) {
      // The approved overage is paid: its months are done and the banner stops listing it.
      const remainingCents = await settleOverageEvents(db, purchase.overage_of_subscription_id, invoice.id);
      return { subscription: purchase.overage_of_subscription_id, overage: true, remainingCents };
    }
    if (product.licenseType !== 'subscription') return { subscription: null };
    const licenseId = String(done.CreateInvoiceInDb?.licenseId);
    const license = await findLicenseRow(db, licenseId);
    const id = await createSubscriptionUnlessLive(db, {
      userId: invoice.userId!,
      licenseId,
      productId: product.id,
      status: 'Active',
      providerRef: payment.providerRef,
      periodUnit: product.durationUnit,
      currentPeriodEnd: license?.expiresAt ?? null,
    });
    if (id) return { subscription: id };
    const existing = await findLiveSubscription(db, invoice.userId!, product.id);
    deps.log.warn(
      { invoiceId: invoice.id, paymentId: payment.id, subscriptionId: existing?.id, productId: product.id },
      'paid a second purchase of a plan the seller already subscribes to; no second subscription, refund by hand',
    );
    return { subscription: null, duplicateOf: existing?.id ?? null, refundDue: true };
  },

  /** The confirmation mail (outbox by default) in the buyer's language. */
  async SendEmail({ db, deps, invoice, done }) {
    const { product } = await productOf(db, invoice);
    const created = done.CreateInvoiceInDb ?? {};
    const buyer = invoice.buyer;
    const to = buyer.invoiceEmail || invoice.userEmail;
    const name = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') || buyer.companyName || to;
    const sent = await deps.mail.send({
      to,
      ...purchaseConfirmation(invoice.language, {
        name,
        productName: product.name,
        invoiceNumber: String(created.invoiceNumber),
        grossCents: invoice.amount,
        currency: invoice.currency,
        licenseKey: String(created.licenseKey),
        expiresAt: created.expiresAt ? new Date(String(created.expiresAt)) : null,
        subscription: product.licenseType === 'subscription',
      }),
    });
    return { to, messageId: sent.messageId, file: sent.file };
  },

  /**
   * The initiator (the payment window / the buyer's session) learns the purchase is complete: the process end is
   * recorded here, and the payment page and GET /invoice/{id}/payment-check report it from then on.
   */
  async SendCallbackToInitiator({ invoice, done }) {
    return { invoiceId: invoice.id, licenseId: done.CreateInvoiceInDb?.licenseId ?? null, completedAt: new Date() };
  },
};

/**
 * A renewal the provider failed to charge (the subscription Inactive, or Expired once the grace ended) and the seller
 * paid by "Pay now": the provider suspended its subscription at the failure, so it is activated again to bill the
 * next period (its plans do not bill the failed amount again: the seller has just paid it). Done before the period is
 * extended, so a retry of this step still finds the subscription as the failure left it. One the seller cancelled
 * stays suspended; one the provider has ended bills no more and ends with this period. A provider that cannot be
 * reached fails the step, which is tried again.
 */
async function resumeAfterLatePayment(
  db: Db,
  provider: PostPaymentDeps['provider'],
  invoice: InvoiceRow,
  subscriptionId: string,
) {
  const sub = await findOwnedSubscription(db, subscriptionId, invoice.userId!);
  if (!sub?.providerRef || sub.cancelAtPeriodEnd) return null;
  if (sub.status !== 'Inactive' && sub.status !== 'Expired') return null;
  const state = await provider.resumeSubscription(sub.providerRef, 'The seller paid the failed renewal');
  return { state, providerRef: sub.providerRef };
}

/** The subscription an invoice pays for, with its license: without either the step can never succeed. */
async function subscriptionWithLicense(db: Db, invoice: InvoiceRow, subscriptionId: string) {
  const sub = await findOwnedSubscription(db, subscriptionId, invoice.userId!);
  if (!sub?.licenseId) throw new PermanentStepError(`subscription ${subscriptionId} of the invoice not found`);
  const license = await findLicenseRow(db, sub.licenseId);
  if (!license) throw new PermanentStepError(`license of subscription ${subscriptionId} not found`);
  return { sub, license };
}

/**
 * Renewal and overage invoices of an existing subscription: no new license. A renewal extends the license by one
 * period from its old end (estimateExpiry); both are finalized against the subscription's license.
 */
async function settleOnSubscription(
  db: Db,
  invoice: InvoiceRow,
  product: ProductRow,
  purchase: PurchaseJson,
  subscriptionId: string,
  paidAt: Date,
  seller: SellerConfig | undefined,
): Promise<Output> {
  // Locked until the step commits: two renewal invoices of one subscription settled at once (two provider charges)
  // each extend the license from the end the other one left.
  await lockOwnedSubscription(db, invoice.userId!, subscriptionId);
  const { license } = await subscriptionWithLicense(db, invoice, subscriptionId);
  let start = paidAt;
  let end = license.expiresAt;
  if (purchase.renewal_of_subscription_id) {
    const duration =
      product.durationUnit && product.duration != null
        ? { unit: product.durationUnit, duration: product.duration }
        : null;
    start = license.expiresAt ?? paidAt;
    // Paid after the whole period it billed is over (Pay now long after the grace): the period runs from the payment,
    // so the seller gets the period paid for, not one that lies in the past.
    const billedEnd = estimateExpiry(duration, start);
    if (billedEnd && billedEnd <= paidAt) start = paidAt;
    end = estimateExpiry(duration, start);
    await extendLicense(db, license.id, end);
  }
  const { invoiceNumber } = await finalizeInvoice(db, invoice.id, {
    paidAt,
    servicePeriod: { start, end: end ?? null },
    licenseId: license.id,
    seller,
  });
  return { licenseId: license.id, licenseKey: license.key, invoiceNumber, expiresAt: end?.toISOString() ?? null };
}

/**
 * A paid plan change: the subscription's license becomes a license of the new plan with the extras bought with it,
 * from now to the period end it already had; the invoice covers that part of the period.
 */
async function settlePlanChange(
  db: Db,
  invoice: InvoiceRow,
  product: ProductRow,
  purchase: PurchaseJson,
  subscriptionId: string,
  paidAt: Date,
): Promise<Output> {
  const { sub, license } = await subscriptionWithLicense(db, invoice, subscriptionId);
  // The plan it was (kept in the step's output): what a provider keeps billing until the seller approves the new one.
  const previousPlan = {
    product_id: license.productId,
    ...boughtExtras(license.extraOptions),
    auto_upgrade_consent: license.extraOptions.auto_upgrade_consent === true,
    requested_at: paidAt.toISOString(),
  };
  await changeLicensePlan(db, license.id, product.id, licenseOptionsOf(purchase));
  const end = sub.currentPeriodEnd ?? license.expiresAt;
  const { invoiceNumber } = await finalizeInvoice(db, invoice.id, {
    paidAt,
    servicePeriod: { start: paidAt, end: end ?? null },
    licenseId: license.id,
  });
  return {
    licenseId: license.id,
    licenseKey: license.key,
    invoiceNumber,
    expiresAt: end?.toISOString() ?? null,
    previousPlan,
  };
}

/**
 * After a paid plan change the subscription bills the new plan from its next renewal: its period unit follows the
 * plan, a change that waited for the period end is dropped (this one replaced it), and the provider's subscription
 * is revised to the new plan's price (PayPal: from its next cycle). A provider that cannot be reached fails the step,
 * which is tried again.
 */
async function revisePlanChange(
  db: Db,
  deps: PostPaymentDeps,
  invoice: InvoiceRow,
  product: ProductRow,
  purchase: PurchaseJson,
  subscriptionId: string,
  previousPlan: ScheduledPlanChangeJson | undefined,
): Promise<Output> {
  const sub = await findOwnedSubscription(db, subscriptionId, invoice.userId!);
  if (!sub) throw new PermanentStepError(`subscription ${subscriptionId} of the invoice not found`);
  await applyPlanToSubscription(db, sub.id, product.durationUnit);
  let approvalUrl: string | null = null;
  if (sub.providerRef && product.durationUnit && product.duration) {
    const buyer = invoice.buyer;
    // The VAT of the renewal as this invoice decided it (reverse charge only with a VAT ID VIES confirmed).
    const renewal = quotePurchase(toProduct(product), purchase, {
      country: buyer.country,
      vatId: buyer.vatId,
      vatIdVerified: invoice.vatKind === 'reverse_charge',
    });
    const approval = approvalOf(
      await deps.provider.reviseSubscription(sub.providerRef, {
        changeId: invoice.id,
        amountCents: renewal.grossCents,
        currency: renewal.currency,
        description: product.name,
        period: { unit: product.durationUnit, duration: product.duration },
        language: invoice.language,
      }),
    );
    await setProviderApproval(db, sub.id, approval && { ...approval, billed: previousPlan ?? null });
    approvalUrl = approval?.url ?? null;
  }
  return { subscription: sub.id, planChangedTo: product.id, ...(approvalUrl && { providerApprovalUrl: approvalUrl }) };
}

export interface ProcessResult {
  complete: boolean;
  steps: Pick<PostPaymentStepRow, 'step' | 'state' | 'attempts' | 'lastError'>[];
}

const summary = (rows: PostPaymentStepRow[]): ProcessResult => ({
  complete: rows.length > 0 && rows.every((r) => r.state === 'done'),
  steps: rows.map(({ step, state, attempts, lastError }) => ({ step, state, attempts, lastError })),
});

/** Runs the pending steps of an invoice's process in order; stops at the first failure (it stays resumable). */
export async function runPostPayment(deps: PostPaymentDeps, invoiceId: string): Promise<ProcessResult> {
  const { db, log } = deps;
  for (const step of await listSteps(db, invoiceId)) {
    if (step.state === 'done') continue;
    if (step.state === 'failed') break;
    try {
      await db.transaction(async (tx) => {
        const trx = tx as unknown as Db;
        const locked = await lockStep(trx, step.id);
        if (locked.state !== 'pending') return; // another runner finished it while this one waited
        const invoice = await findInvoiceById(trx, invoiceId);
        const payment = await findPaymentById(trx, step.paymentId);
        if (!invoice || !payment) throw new PermanentStepError('invoice or payment vanished');
        const done: StepContext['done'] = {};
        for (const row of await listSteps(trx, invoiceId)) if (row.state === 'done') done[row.step] = row.output ?? {};
        const output = await STEPS[step.step]({ db: trx, deps, invoice, payment, done });
        await completeStep(trx, step.id, output);
      });
      log.info({ invoiceId, step: step.step }, 'post-payment step done');
    } catch (err) {
      const permanent = err instanceof PermanentStepError;
      await failStepAttempt(db, step.id, (err as Error).message, permanent ? 1 : MAX_STEP_ATTEMPTS);
      log.error({ err, invoiceId, step: step.step, permanent }, 'post-payment step failed');
      break;
    }
  }
  return summary(await listSteps(db, invoiceId));
}

/** Resumes every process with a pending step (api start). */
export async function resumeUnfinished(deps: PostPaymentDeps): Promise<number> {
  const invoiceIds = await unfinishedProcesses(deps.db);
  for (const invoiceId of invoiceIds) {
    deps.log.info({ invoiceId }, 'resuming an unfinished post-payment process');
    await runPostPayment(deps, invoiceId);
  }
  return invoiceIds.length;
}
