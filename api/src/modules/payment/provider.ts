// One interface for every payment provider (sandbox, PayPal): start a checkout, and turn a webhook request into a
// verified, provider-neutral event. Chosen by PAYMENT_PROVIDER and decorated on the app by plugins/payments.ts.
import type { DurationUnit, Language } from '@portal/shared/domain';

export type PaymentProviderName = 'sandbox' | 'paypal';

export interface CheckoutRequest {
  invoiceId: string;
  /** Gross amount in cents, from the quote. */
  amountCents: number;
  currency: string;
  /** Product name (shown by the provider). */
  description: string;
  language: Language;
  /** Set for subscription products: the provider bills per this period. */
  subscription: { unit: DurationUnit; duration: number } | null;
  /**
   * 'purchase' (default): the payment window of a purchase. 'overage-approval': the seller approves a pending overage
   * in the same window (a full-page redirect); afterwards the browser returns to the portal with
   * `overage_approval_result=true|false` (sandbox: the api's consent page; PayPal: its approval page).
   */
  flow?: CheckoutFlow;
}

export type CheckoutFlow = 'purchase' | 'overage-approval';

export interface Checkout {
  /** Sandbox: the random page ref; PayPal: the order or subscription id. */
  providerRef: string;
  /** Where the payment window goes (relative for the sandbox). */
  paymentUrl: string;
}

/**
 * What a verified webhook means for the portal: `completed` (money received), `approved` (the buyer approved, the
 * api still has to capture), `failed` (cancelled, denied), `cycle-failed` (the provider could not charge a billing
 * cycle of a subscription it bills itself; providerRef is the subscription's ref), `refunded`, or `ignored` (an event
 * type the portal does not act on).
 */
export type PaymentEventKind =
  | 'completed'
  | 'approved'
  | 'failed'
  | 'cycle-failed'
  | 'refunded'
  /** The provider's subscription (providerRef) was cancelled there: it bills no more. */
  | 'subscription-cancelled'
  /** The provider's subscription (providerRef) bills another plan (planRef) from now on: the buyer approved it. */
  | 'subscription-revised'
  | 'ignored';

export interface PaymentEvent {
  /** Unique per provider (events are stored once per (provider, event id)). */
  eventId: string;
  /** The provider's own event type, e.g. PAYMENT.CAPTURE.COMPLETED. */
  type: string;
  kind: PaymentEventKind;
  /** The payment it belongs to (payments.provider_ref), null when the event names none. */
  providerRef: string | null;
  /** Amount the provider says was paid, cents; null when the event carries none. */
  amountCents: number | null;
  currency: string | null;
  /**
   * A charge of a provider-billed subscription (PayPal: a sale of the subscription's cycle): the provider's
   * subscription (PayPal: billing_agreement_id) and this charge's own id (the sale id). Unset for other events.
   */
  subscriptionRef?: string | null;
  chargeRef?: string | null;
  /**
   * A refund: the provider's id of this refund (one refund may be delivered in several events) and, where the event
   * names it, the invoice whose payment it refunds (PayPal capture refunds: invoice_id) and the charge (PayPal sale
   * refunds: sale_id in chargeRef, the subscription in subscriptionRef). amountCents is this refund's amount.
   */
  refundRef?: string | null;
  invoiceRef?: string | null;
  /** A revised subscription: the plan it bills now (PayPal: plan_id). */
  planRef?: string | null;
  payload: unknown;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** A webhook whose signature does not verify (answered 400 and logged, never processed). */
export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or refused a call (answered 502). */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

export interface CaptureResult {
  /** Completed: the money is booked; pending/failed otherwise. */
  status: 'completed' | 'pending' | 'failed';
  amountCents: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies the signature of a webhook and parses it; throws WebhookSignatureError. */
  verifyWebhook(request: WebhookRequest): Promise<PaymentEvent>;
  /**
   * Books an approved payment (PayPal: capture the order with a PayPal-Request-Id derived from the invoice, so a
   * second call returns the first result). Providers whose events already mean "paid" have none.
   */
  capture?(providerRef: string, invoiceId: string): Promise<CaptureResult>;
  /**
   * Ends a subscription at the provider, so it bills the seller no more (account deletion). A subscription the
   * provider does not know or has already ended counts as cancelled; any other failure throws PaymentProviderError.
   * Irreversible: the caller records the cancellation right away.
   */
  cancelSubscription(providerSubscriptionRef: string, reason: string): Promise<void>;
  /**
   * Stops the provider billing a subscription for now (cancel at period end, which the seller may still undo; PayPal
   * cannot undo a cancellation, so it is suspended until the period ends and cancelled then). One that is no longer
   * active counts as done; any other failure throws PaymentProviderError.
   */
  suspendSubscription(providerSubscriptionRef: string, reason: string): Promise<void>;
  /**
   * Lets the provider bill a suspended subscription again (the seller undid the cancellation). 'ended' when the
   * provider cannot: the subscription was cancelled or expired there.
   */
  resumeSubscription(providerSubscriptionRef: string, reason: string): Promise<'active' | 'ended'>;
  /**
   * Changes the plan a subscription bills from its next billing cycle on (a plan change), so the provider's own
   * renewals charge the new plan: the same subscription, never a second one. Throws PaymentProviderError when the
   * provider refuses or cannot be reached.
   */
  reviseSubscription(providerSubscriptionRef: string, revision: SubscriptionRevision): Promise<RevisionResult>;
  /**
   * The provider's plan its subscription bills now (PayPal: plan_id), to tell whether a revision was approved before
   * its event arrived; null for a provider without plans of its own. Throws PaymentProviderError when unreachable.
   */
  billedPlanRef(providerSubscriptionRef: string): Promise<string | null>;
}

/** The plan a provider's subscription bills from its next cycle on (a plan change). */
export interface SubscriptionRevision {
  /** The plan change's own id (an invoice or subscription id), for the provider's idempotency key. */
  changeId: string;
  /** Gross amount per period, cents. */
  amountCents: number;
  currency: string;
  /** Plan name (shown by the provider). */
  description: string;
  period: { unit: DurationUnit; duration: number };
  language: Language;
}

export interface RevisionResult {
  /**
   * Where the buyer approves the revision when the provider asks for it (PayPal asks for every plan change: until the
   * buyer agrees, it keeps billing the old plan); null when the provider needs no approval.
   */
  approvalUrl: string | null;
  /** The provider's own id of the plan the subscription is revised to (PayPal: the plan id); null when it has none. */
  planRef: string | null;
}

export const headerValue = (headers: WebhookRequest['headers'], name: string): string | null => {
  const value = headers[name.toLowerCase()];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
};
