// Overage approval (spec §4, issue 9): the pending months become one invoice, paid on the provider's approval page
// (sandbox consent page, PayPal approval link); approving again while it is unpaid returns the same page.
// Renewal (issue 9, spec §3/§4/§9): an invoice priced from the catalogue (base price plus the bought extras, per
// period), charged without a buyer at the window; paid → post-payment extends license and period; declined →
// Inactive and the seller is told (mail + /licenses "Pay now"). Resumable: the billing_events row of (subscription,
// 'renewal', period end) holds the period's one invoice, so a rerun after a crash continues instead of charging again.
import {
  DEFAULT_CURRENCY,
  EMAIL_BLOCK_SIZE,
  formatDateUtc,
  formatMoney,
  isProfileComplete,
  quotePurchase,
  vatAmount,
  vatTreatment,
  type BuyerSnapshot,
  type Language,
  type PurchaseQuote,
  type QuoteRow,
} from '@portal/shared/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import {
  buyerSnapshot,
  createDraftInvoice,
  findInvoiceById,
  type DraftInvoiceInput,
  type InvoiceRow,
} from '../invoice';
import { toProduct } from '../license/product';
import { chargeAutomatically, findLatestPayment, startCheckout } from '../payment';
import { loadContact } from '../user/profile';
import {
  assignOverageInvoice,
  attachRenewalInvoice,
  claimRenewal,
  deleteUnusedDraft,
  findRenewalEvent,
  lockOwnedSubscription,
  markRenewalDone,
  markRenewalFailed,
  markRenewalNotified,
  pendingOverageEvents,
  releaseRenewal,
  setOverageApprovalUrl,
  type BillingEventRow,
  type DueRenewal,
} from './repository';

const notFound = () => new HttpError(404, 'subscription-not-found', 'Subscription not found');
const nothingPending = () =>
  new HttpError(409, 'overage-not-pending', 'No overage of this subscription is waiting for approval');

const number = (lang: Language, n: number) => n.toLocaleString(lang === 'en' ? 'en-GB' : 'de-DE');

/** "11/2026" from "2026-11". */
const monthLabel = (period: string) => {
  const [year, month] = period.split('-');
  return `${month}/${year}`;
};

/** The invoice row of one month's overage, in the buyer's language (the PDF prints a 'base' row's description). */
export function overageRowText(lang: Language, productName: string, event: Pick<BillingEventRow, 'period' | 'detail'>) {
  const detail = (event.detail ?? {}) as { used?: number; included?: number; blocks?: number; capped?: boolean };
  const used = number(lang, Number(detail.used ?? 0));
  const included = number(lang, Number(detail.included ?? 0));
  const blocks = Number(detail.blocks ?? 0);
  const month = monthLabel(event.period);
  if (lang === 'en') {
    return (
      `${productName}: email overage ${month} (${used} of ${included} included emails sent, ` +
      `${blocks} × ${number(lang, 1000)} emails${detail.capped ? ', capped at 45 €' : ''})`
    );
  }
  return (
    `${productName}: E-Mail-Mehrverbrauch ${month} (${used} von ${included} enthaltenen E-Mails versendet, ` +
    `${blocks} × ${number(lang, 1000)} E-Mails${detail.capped ? ', gedeckelt auf 45 €' : ''})`
  );
}

function overageQuote(
  lang: Language,
  productName: string,
  events: BillingEventRow[],
  buyer: { country: string; vatId: string },
): PurchaseQuote {
  const rows: QuoteRow[] = events.map((event) => ({
    kind: 'base',
    description: overageRowText(lang, productName, event),
    quantity: 1,
    unitPriceCents: event.amountCents,
    amountCents: event.amountCents,
  }));
  const netCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  const vat = vatTreatment(buyer);
  const vatCents = vatAmount(netCents, vat.ratePercent);
  return { currency: DEFAULT_CURRENCY, rows, netCents, vat, vatCents, grossCents: netCents + vatCents };
}

async function currentBuyer(db: Db, user: UserRow): Promise<BuyerSnapshot> {
  const contact = await loadContact(db, user);
  if (!isProfileComplete(contact)) {
    throw new HttpError(400, 'profile-incomplete', 'Missing contact information or product price');
  }
  return buyerSnapshot(contact, user.language);
}

/**
 * The approval page of subscription `id`'s pending overage for its owner `user` (a main user: the route refuses
 * sub-users). Runs under the subscription's row lock, so a double click or two tabs get the same invoice.
 */
export async function approveOverage(
  app: Pick<FastifyInstance, 'db' | 'paymentProvider'>,
  log: FastifyBaseLogger,
  user: UserRow,
  id: string,
): Promise<{ approvalUrl: string }> {
  return app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const sub = await lockOwnedSubscription(tx, user.id, id);
    if (!sub) throw notFound();
    /** The provider's approval page for the invoice, remembered for the banner's next Approve. */
    const approvalPage = async (
      invoiceId: string,
      amountCents: number,
      currency: string,
      description: string,
      language: Language,
    ) => {
      const checkout = await startCheckout(
        { db: tx, provider: app.paymentProvider, log },
        { invoiceId, amountCents, currency, description, language, subscription: null, flow: 'overage-approval' },
      );
      await setOverageApprovalUrl(tx, sub.id, checkout.paymentUrl);
      return { approvalUrl: checkout.paymentUrl };
    };
    if (sub.status !== 'Active' || !sub.overagePending) throw nothingPending();
    const events = await pendingOverageEvents(tx, sub.id);
    if (events.length === 0) throw nothingPending();

    // An approval already started (and its invoice still unpaid): the same page again.
    const started = events.find((e) => e.invoiceId);
    if (started?.invoiceId) {
      const invoice = await findInvoiceById(tx, started.invoiceId);
      if (invoice && invoice.status !== 'Paid') {
        const payment = await findLatestPayment(tx, invoice.id);
        if (payment?.approvalUrl && payment.status !== 'Refunded') return { approvalUrl: payment.approvalUrl };
        const description = invoice.products[0]?.info ?? sub.productName;
        return approvalPage(invoice.id, invoice.amount, invoice.currency, description, invoice.language);
      }
    }

    const open = events.filter((e) => !e.invoiceId);
    if (open.length === 0) throw nothingPending();
    const buyer = await currentBuyer(tx, user);
    const quote = overageQuote(user.language, sub.productName, open, { country: buyer.country, vatId: buyer.vatId });
    const purchase = {
      product_id: sub.productId,
      extra_users_count: 0,
      extra_email_blocks: 0,
      auto_upgrade_consent: true,
      overage_of_subscription_id: sub.id,
      overage_periods: open.map((e) => e.period),
    };
    const info =
      user.language === 'en' ? `${sub.productName} – email overage` : `${sub.productName} – E-Mail-Mehrverbrauch`;
    const draft: DraftInvoiceInput = {
      userId: user.id,
      userEmail: user.email,
      language: user.language,
      buyer,
      quote,
      products: [{ productId: sub.productId, info }],
      proceedType: 'PaypalPayment',
      purchase,
      paymentProvider: app.paymentProvider.name,
    };
    const { id: invoiceId } = await createDraftInvoice(tx, draft);
    await assignOverageInvoice(
      tx,
      sub.id,
      open.map((e) => e.period),
      invoiceId,
    );
    return approvalPage(invoiceId, quote.grossCents, quote.currency, info, user.language);
  });
}

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

/** The draft renewal invoice: the seller's current invoice data, the catalogue price and the license's extras. */
async function createRenewalInvoice(
  app: FastifyInstance,
  due: DueRenewal,
): Promise<{ id: string; grossCents: number }> {
  const product = toProduct(due.product);
  const extraUsers = numberOption(due.licenseOptions, 'extra_users_count');
  const extraBlocks = Math.ceil(numberOption(due.licenseOptions, 'extra_email_count') / EMAIL_BLOCK_SIZE);
  const contact = await loadContact(app.db, due.user);
  const quote = quotePurchase(
    product,
    { extra_users_count: extraUsers, extra_email_blocks: extraBlocks },
    { country: contact.country, vatId: contact.vatID },
  );
  const buyer = buyerSnapshot(contact, due.user.language);
  const { id } = await createDraftInvoice(app.db, {
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
    paymentProvider: app.paymentProvider.name,
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
        `The license keeps working until ${f.usableUntil}. To keep it afterwards, open Licenses in the customer ` +
        `portal and choose "Pay now":\n${f.link}\n\nKind regards\nYour portal team\n`,
    };
  }
  return {
    subject: `Verlängerung nicht bezahlt – ${f.product}`,
    text:
      `Hallo ${f.name},\n\ndie Verlängerung von ${f.product} (${f.amount}) konnte nicht abgebucht werden.\n\n` +
      `Die Lizenz funktioniert noch bis ${f.usableUntil}. Damit sie danach weiterläuft, öffnen Sie im Kundenportal ` +
      `„Lizenzen“ und wählen „Jetzt bezahlen“:\n${f.link}\n\nMit freundlichen Grüßen\nIhr Portal-Team\n`,
  };
}

async function tellSeller(app: FastifyInstance, due: DueRenewal, invoice: InvoiceRow): Promise<void> {
  const buyer = invoice.buyer;
  const name = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') || buyer.companyName || due.user.email;
  const origin = app.config.corsOrigins[0] ?? '';
  await app.mail.send({
    to: buyer.invoiceEmail || due.user.email,
    ...failedRenewalMail(invoice.language, {
      name,
      product: due.product.name,
      amount: formatMoney(invoice.amount, invoice.currency),
      usableUntil: formatDateUtc(due.currentPeriodEnd),
      link: `${origin}/licenses`,
    }),
  });
}

/**
 * Renews one due subscription period, or continues a renewal a crashed runner left half-done. Never creates a
 * second invoice or a second charge for the same period.
 */
export async function renewSubscription(
  app: FastifyInstance,
  due: DueRenewal,
  hook?: StepHook,
): Promise<RenewalOutcome> {
  const db = app.db;
  const period = renewalPeriodKey(due.currentPeriodEnd);
  const event = await claimRenewal(db, due.id, period);
  if (!event) {
    const existing = await findRenewalEvent(db, due.id, period);
    return existing && existing.status !== 'pending' ? 'settled-before' : 'busy';
  }
  await hook?.('claimed', due.id);

  let invoiceId = event.invoiceId;
  if (!invoiceId) {
    const draft = await createRenewalInvoice(app, due);
    // Only one invoice per period: when a runner that lost its lease already tied one, use that one.
    if (await attachRenewalInvoice(db, due.id, period, draft.id, draft.grossCents)) invoiceId = draft.id;
    else {
      await deleteUnusedDraft(db, draft.id);
      invoiceId = (await findRenewalEvent(db, due.id, period))!.invoiceId!;
    }
  }
  await hook?.('invoiced', due.id);

  let invoice = (await findInvoiceById(db, invoiceId))!;
  if (invoice.status !== 'Paid' && invoice.status !== 'Failed') {
    await chargeAutomatically(app, { invoiceId });
    await hook?.('charged', due.id);
    invoice = (await findInvoiceById(db, invoiceId))!;
  }

  if (invoice.status === 'Paid') {
    await markRenewalDone(db, due.id, period);
    return 'renewed';
  }
  if (invoice.status === 'Failed') {
    if (event.detail?.notified !== true) {
      await tellSeller(app, due, invoice);
      await markRenewalNotified(db, due.id, period);
    }
    await markRenewalFailed(db, due.id, period, { invoiceId, declinedAt: new Date().toISOString() });
    return 'payment-failed';
  }
  // PayPal bills the subscription itself; its webhook settles the invoice, a later run marks the event done.
  await releaseRenewal(db, due.id, period);
  return 'waiting-for-provider';
}
