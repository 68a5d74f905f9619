// Overage approval: the pending months of a subscription become one invoice, paid on the provider's approval page
// (sandbox consent page, PayPal approval link); approving again while it is unpaid returns the same page.
import {
  DEFAULT_CURRENCY,
  isProfileComplete,
  taxBuyerOf,
  vatAmount,
  vatTreatment,
  type BuyerSnapshot,
  type TaxBuyer,
  type Language,
  type PurchaseQuote,
  type QuoteRow,
} from '@portal/shared/domain';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { buyerSnapshot, createDraftInvoice, findInvoiceById, type DraftInvoiceInput } from '../invoice';
import { findLatestPayment } from '../payment';
import {
  assignOverageInvoice,
  lockOwnedSubscription,
  pendingOverageEvents,
  setOverageApprovalUrl,
  type BillingEventRow,
} from '../subscription';
import { loadContact, loadContactWithVatCheck } from '../user/profile';
import { startCheckout } from './checkout';
import type { PurchaseDeps } from './deps';

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

function overageQuote(lang: Language, productName: string, events: BillingEventRow[], buyer: TaxBuyer): PurchaseQuote {
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

async function currentBuyer(db: Db, user: UserRow): Promise<{ snapshot: BuyerSnapshot; tax: TaxBuyer }> {
  const contact = await loadContact(db, user);
  if (!isProfileComplete(contact)) {
    throw new HttpError(400, 'profile-incomplete', 'Missing contact information or product price');
  }
  return { snapshot: buyerSnapshot(contact, user.language), tax: taxBuyerOf(contact) };
}

/**
 * The approval page of subscription `id`'s pending overage for its owner `user` (a main user: the route refuses
 * sub-users). Runs under the subscription's row lock, so a double click or two tabs get the same invoice.
 */
export async function approveOverage(
  deps: Pick<PurchaseDeps, 'db' | 'provider' | 'log' | 'vies'>,
  user: UserRow,
  id: string,
): Promise<{ approvalUrl: string }> {
  const { provider, log } = deps;
  // VIES confirms the VAT ID before the transaction (it waits for VIES); the invoice below reads the stored answer.
  await loadContactWithVatCheck(deps, user);
  return deps.db.transaction(async (transaction) => {
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
        { db: tx, provider, log },
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
    const { snapshot: buyer, tax } = await currentBuyer(tx, user);
    const quote = overageQuote(user.language, sub.productName, open, tax);
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
      paymentProvider: provider.name,
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
