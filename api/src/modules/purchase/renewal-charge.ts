// Renewal charging (the renewals job's step for one due subscription): an invoice priced from the catalogue (base
// price plus the bought extras, per period), charged without a buyer at the window; paid → the post-payment process
// extends license and period; declined → Inactive, the license in its payment grace, and the seller is told (mail +
// the portal's "Pay now" banner). Resumable:
// the billing_events row of (subscription, 'renewal', period end) holds the period's one invoice, so a rerun after a
// crash continues instead of charging again.
import {
  EMAIL_BLOCK_SIZE,
  formatDateUtc,
  formatMoney,
  quotePurchase,
  taxBuyerOf,
  type Language,
} from '@portal/shared/domain';
import { buyerSnapshot, createDraftInvoice, deleteDrafts, findInvoiceById, type InvoiceRow } from '../invoice';
import type { Db } from '../../db/client';
import type { ScheduledPlanChangeJson } from '../../db/schema';
import { changeLicensePlan } from '../license';
import { findProductIncludingWithdrawn, toProduct } from '../license/product';
import {
  applyPlanToSubscription,
  attachRenewalInvoice,
  claimRenewal,
  findRenewalEvent,
  markRenewalDone,
  markRenewalFailed,
  markRenewalNotified,
  releaseRenewal,
  type DueRenewal,
} from '../subscription';
import { loadContact, loadContactWithVatCheck } from '../user/profile';
import { chargeAutomatically } from './auto-charge';
import type { PurchaseDeps } from './deps';
import { licenseOptionsOf } from './plan-change';

/** What charging a renewal uses: the database, the provider, the mail to the seller and the portal's address. */
export type RenewalDeps = Pick<
  PurchaseDeps,
  'db' | 'provider' | 'mail' | 'log' | 'portalUrl' | 'paymentGraceDays' | 'vies'
>;

export type RenewalOutcome = 'renewed' | 'payment-failed' | 'waiting-for-provider' | 'busy' | 'settled-before';

/** Steps a test can stop after, to play an instance that dies there. */
export type RenewalStep = 'claimed' | 'invoiced' | 'charged';
export type StepHook = (step: RenewalStep, subscriptionId: string) => void | Promise<void>;

/** The key of one period's renewal: the end of the period it renews from. */
export const renewalPeriodKey = (periodEnd: Date) => periodEnd.toISOString();

const numberOption = (options: Record<string, unknown>, key: string) => {
  const value = options[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
};

/**
 * The draft renewal invoice: the seller's current invoice data, the catalogue price and the license's extras. With
 * `vies` (the renewals job, outside any transaction) VIES confirms the VAT ID anew before reverse charge; without it
 * (a provider's sale booked inside a transaction) the profile's stored confirmation decides.
 */
export async function createRenewalInvoice(
  deps: Pick<RenewalDeps, 'db' | 'provider'> & Partial<Pick<RenewalDeps, 'vies'>>,
  due: DueRenewal,
): Promise<{ id: string; grossCents: number }> {
  const product = toProduct(due.product);
  const extraUsers = numberOption(due.licenseOptions, 'extra_users_count');
  const extraBlocks = Math.ceil(numberOption(due.licenseOptions, 'extra_email_count') / EMAIL_BLOCK_SIZE);
  const contact = deps.vies
    ? await loadContactWithVatCheck({ db: deps.db, vies: deps.vies }, due.user)
    : await loadContact(deps.db, due.user);
  const quote = quotePurchase(
    product,
    { extra_users_count: extraUsers, extra_email_blocks: extraBlocks },
    taxBuyerOf(contact),
  );
  const buyer = buyerSnapshot(contact, due.user.language);
  const { id } = await createDraftInvoice(deps.db, {
    userId: due.userId,
    userEmail: due.user.email,
    language: due.user.language,
    buyer,
    quote,
    products: [{ productId: due.product.id, info: due.product.name }],
    proceedType: 'PaypalPaymentSubscriptionAutoPayment',
    purchase: {
      product_id: due.product.id,
      extra_users_count: extraUsers,
      extra_email_blocks: extraBlocks,
      auto_upgrade_consent: due.licenseOptions.auto_upgrade_consent === true,
      renewal_of_subscription_id: due.id,
    },
    paymentProvider: deps.provider.name,
  });
  return { id, grossCents: quote.grossCents };
}

function failedRenewalMail(
  lang: Language,
  f: { name: string; product: string; amount: string; usableUntil: string; link: string },
): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: `Renewal payment failed – ${f.product}`,
      text:
        `Hello ${f.name},\n\nwe could not charge the renewal of ${f.product} (${f.amount}).\n\n` +
        `The license keeps working until ${f.usableUntil}. To keep it afterwards, open the customer portal and ` +
        `choose "Pay now":\n${f.link}\n\nKind regards\nYour portal team\n`,
    };
  }
  return {
    subject: `Verlängerung nicht bezahlt – ${f.product}`,
    text:
      `Hallo ${f.name},\n\ndie Verlängerung von ${f.product} (${f.amount}) konnte nicht abgebucht werden.\n\n` +
      `Die Lizenz funktioniert noch bis ${f.usableUntil}. Damit sie danach weiterläuft, öffnen Sie das Kundenportal ` +
      `und wählen „Jetzt bezahlen“:\n${f.link}\n\nMit freundlichen Grüßen\nIhr Portal-Team\n`,
  };
}

const DAY_MS = 86_400_000;
/** The end of the payment grace of a renewal that failed for the period ending at `periodEnd`. */
export const paymentGraceEnd = (periodEnd: Date, graceDays: number) =>
  new Date(periodEnd.getTime() + graceDays * DAY_MS);

async function tellSeller(deps: RenewalDeps, due: DueRenewal, invoice: InvoiceRow, graceUntil: Date): Promise<void> {
  const buyer = invoice.buyer;
  const name = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') || buyer.companyName || due.user.email;
  await deps.mail.send({
    to: buyer.invoiceEmail || due.user.email,
    ...failedRenewalMail(invoice.language, {
      name,
      product: due.product.name,
      amount: formatMoney(invoice.amount, invoice.currency),
      usableUntil: formatDateUtc(graceUntil),
      link: `${deps.portalUrl}/licenses`,
    }),
  });
}

/** The period's one renewal invoice: the one tied to its event, or a new draft tied now (a lost race uses the other). */
export async function ensureRenewalInvoice(
  deps: RenewalDeps,
  dueRenewal: DueRenewal,
  period: string,
  tied: string | null,
): Promise<string> {
  if (tied) return tied;
  const due = await withScheduledChange(deps, dueRenewal);
  const draft = await createRenewalInvoice(deps, due);
  // Only one invoice per period: when a runner that lost its lease already tied one, use that one.
  if (await attachRenewalInvoice(deps.db, due.id, period, draft.id, draft.grossCents)) return draft.id;
  // The draft that lost the race is removed (never numbered, never charged).
  await deleteDrafts(deps.db, [draft.id]);
  return (await findRenewalEvent(deps.db, due.id, period))!.invoiceId!;
}

/**
 * The period's renewal payment failed (declined by the sandbox, or the provider's failed cycle): the seller is told
 * once, in the invoice's language, until when the license keeps working; the event is failed, the subscription
 * Inactive and the license in its payment grace (PAYMENT_GRACE_DAYS after the period end).
 */
export async function recordFailedRenewal(
  deps: RenewalDeps,
  due: DueRenewal,
  period: string,
  invoice: InvoiceRow,
  notified: boolean,
): Promise<void> {
  const graceUntil = paymentGraceEnd(due.currentPeriodEnd, deps.paymentGraceDays);
  if (!notified) {
    await tellSeller(deps, due, invoice, graceUntil);
    await markRenewalNotified(deps.db, due.id, period);
  }
  await markRenewalFailed(
    deps.db,
    due.id,
    period,
    { invoiceId: invoice.id, declinedAt: new Date().toISOString() },
    graceUntil,
  );
}

/**
 * The renewal to invoice for the period after `due`'s: the plan change that waited for this period end takes effect
 * first (the license becomes a license of the new plan with its extras, the subscription bills that plan, and the
 * renewal is priced from it; the provider's subscription was revised, and approved, when the change was scheduled).
 * Runs in the caller's transaction when `deps.db` is one.
 */
export async function withScheduledChange(deps: Pick<RenewalDeps, 'db' | 'log'>, due: DueRenewal): Promise<DueRenewal> {
  return due.scheduledChange ? applyScheduledChange(deps, due, due.scheduledChange) : due;
}

async function applyScheduledChange(
  deps: Pick<RenewalDeps, 'db' | 'log'>,
  due: DueRenewal,
  change: ScheduledPlanChangeJson,
): Promise<DueRenewal> {
  const product = await findProductIncludingWithdrawn(deps.db, change.product_id);
  if (!product) {
    deps.log.error({ subscriptionId: due.id, productId: change.product_id }, 'scheduled plan no longer exists');
    return due;
  }
  const licenseOptions = licenseOptionsOf(change);
  await deps.db.transaction(async (tx) => {
    await changeLicensePlan(tx as unknown as Db, due.licenseId, product.id, licenseOptions);
    await applyPlanToSubscription(tx as unknown as Db, due.id, product.durationUnit);
  });
  deps.log.info({ subscriptionId: due.id, productId: product.id }, 'scheduled plan change took effect');
  return { ...due, product, licenseOptions, scheduledChange: null };
}

/**
 * Invoices and charges one due subscription period, or continues a renewal a crashed runner left half-done. Never
 * creates a second invoice or a second charge for the same period. (The paid renewal itself moves the period on in
 * the post-payment process: extendSubscriptionPeriod.)
 */
export async function invoiceAndChargeRenewal(
  deps: RenewalDeps,
  due: DueRenewal,
  hook?: StepHook,
): Promise<RenewalOutcome> {
  const { db } = deps;
  const period = renewalPeriodKey(due.currentPeriodEnd);
  const event = await claimRenewal(db, due.id, period);
  if (!event) {
    const existing = await findRenewalEvent(db, due.id, period);
    return existing && existing.status !== 'pending' ? 'settled-before' : 'busy';
  }
  await hook?.('claimed', due.id);

  const invoiceId = await ensureRenewalInvoice(deps, due, period, event.invoiceId);
  await hook?.('invoiced', due.id);

  let invoice = (await findInvoiceById(db, invoiceId))!;
  if (invoice.status !== 'Paid' && invoice.status !== 'Failed') {
    await chargeAutomatically(deps, { invoiceId });
    await hook?.('charged', due.id);
    invoice = (await findInvoiceById(db, invoiceId))!;
  }

  if (invoice.status === 'Paid') {
    await markRenewalDone(db, due.id, period);
    return 'renewed';
  }
  if (invoice.status === 'Failed') {
    await recordFailedRenewal(deps, due, period, invoice, event.detail?.notified === true);
    return 'payment-failed';
  }
  // PayPal bills the subscription itself; its webhook settles the invoice, a later run marks the event done.
  await releaseRenewal(db, due.id, period);
  return 'waiting-for-provider';
}
