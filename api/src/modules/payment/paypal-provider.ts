// PayPal through @paypal/paypal-server-sdk: one-off products as an order (create → buyer approves → capture), subscription
// products as a billing plan + subscription. Every create/capture carries a PayPal-Request-Id derived from the
// invoice, so a retried call returns PayPal's first answer instead of charging twice. Webhooks are verified offline
// (paypal-webhook-signature.ts).
import {
  CheckoutPaymentIntent,
  Client,
  Environment,
  IntervalUnit,
  LogLevel,
  OrdersController,
  PaypalExperienceUserAction,
  SubscriptionsController,
  TenureType,
} from '@paypal/paypal-server-sdk';
import type { Language } from '@portal/shared/domain';
import tls from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentConfig } from '../../config';
import { verifyPayPalSignature, type PayPalSignatureOptions } from './paypal-webhook-signature';
import {
  headerValue,
  PaymentProviderError,
  WebhookSignatureError,
  type CaptureResult,
  type Checkout,
  type CheckoutFlow,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentEventKind,
  type PaymentProvider,
  type RevisionResult,
  type SubscriptionRevision,
  type WebhookRequest,
} from './provider';

type PayPalConfig = PaymentConfig['paypal'];

/** "322.49" → 32249; null for anything that is not a decimal amount. */
export function toCents(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const fromCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The SDK only knows PayPal's two hosts; for the local PayPal simulator or a recorder (tests, staging) requests are
 * sent to PAYPAL_API_BASE instead, through this axios adapter (plain fetch, same method, path, headers and body).
 */
function rebasedAdapter(baseUrl: string) {
  return async (config: {
    url?: string;
    method?: string;
    headers?: Record<string, unknown> & { toJSON?: () => Record<string, unknown> };
    data?: unknown;
    auth?: { username: string; password: string };
  }) => {
    const original = new URL(config.url ?? '/');
    const target = `${baseUrl}${original.pathname}${original.search}`;
    const raw = typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : (config.headers ?? {});
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (v != null && typeof v !== 'object') headers[k] = String(v);
    if (config.auth) {
      headers.authorization = `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`;
    }
    const body =
      config.data == null ? undefined : typeof config.data === 'string' ? config.data : JSON.stringify(config.data);
    const res = await fetch(target, { method: (config.method ?? 'get').toUpperCase(), headers, body });
    return {
      data: await res.text(),
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers.entries()),
      config,
      request: {},
    };
  };
}

const EVENT_KINDS: Record<string, PaymentEventKind> = {
  'CHECKOUT.ORDER.APPROVED': 'approved',
  'PAYMENT.CAPTURE.COMPLETED': 'completed',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.DECLINED': 'failed',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  'PAYMENT.SALE.COMPLETED': 'completed',
  // A sale is a charge of a subscription's billing cycle: a denied one, like PayPal's failed-payment event of the
  // subscription, is a failed cycle (the purchase module tells a failed first payment from a failed renewal).
  'PAYMENT.SALE.DENIED': 'cycle-failed',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'cycle-failed',
  'PAYMENT.SALE.REFUNDED': 'refunded',
  'BILLING.SUBSCRIPTION.CANCELLED': 'subscription-cancelled',
  // Sent when the buyer approved a revision (plan change): from then on PayPal bills the resource's plan_id.
  'BILLING.SUBSCRIPTION.UPDATED': 'subscription-revised',
};

interface WebhookBody {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    plan_id?: string;
    billing_agreement_id?: string;
    sale_id?: string;
    invoice_id?: string;
    amount?: { value?: string; currency_code?: string; total?: string; currency?: string };
    purchase_units?: { amount?: { value?: string; currency_code?: string } }[];
    supplementary_data?: { related_ids?: { order_id?: string } };
    billing_info?: { last_failed_payment?: { amount?: { value?: string; currency_code?: string } } };
  };
}

/** The payment a PayPal event belongs to: the order id, or the subscription id for subscription sales. */
function parseEvent(body: WebhookBody): Omit<PaymentEvent, 'payload'> {
  const type = String(body.event_type ?? '');
  // Own keys only: EVENT_KINDS['constructor'] or ['__proto__'] would be Object's, not 'ignored'.
  const kind = Object.hasOwn(EVENT_KINDS, type) ? EVENT_KINDS[type] : 'ignored';
  const r = body.resource ?? {};
  let providerRef: string | null = null;
  let amount: { value?: string; currency?: string } | null = null;
  if (type === 'CHECKOUT.ORDER.APPROVED') {
    providerRef = r.id ?? null;
    const a = r.purchase_units?.[0]?.amount;
    amount = a ? { value: a.value, currency: a.currency_code } : null;
  } else if (type.startsWith('PAYMENT.CAPTURE.')) {
    // Of PAYMENT.CAPTURE.REFUNDED the resource is the refund: it names the invoice (invoice_id, set on the order) and
    // links up to its capture the same way.
    providerRef = r.supplementary_data?.related_ids?.order_id ?? null;
    amount = r.amount ? { value: r.amount.value, currency: r.amount.currency_code } : null;
  } else if (type.startsWith('PAYMENT.SALE.')) {
    providerRef = r.billing_agreement_id ?? null;
    amount = r.amount ? { value: r.amount.total, currency: r.amount.currency } : null;
  } else if (type === 'BILLING.SUBSCRIPTION.CANCELLED' || type === 'BILLING.SUBSCRIPTION.UPDATED') {
    providerRef = r.id ?? null;
  } else if (type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
    // The resource is the subscription itself; the failed amount is its last failed payment.
    providerRef = r.id ?? null;
    const failed = r.billing_info?.last_failed_payment?.amount;
    amount = failed ? { value: failed.value, currency: failed.currency_code } : null;
  }
  const sale = type === 'PAYMENT.SALE.COMPLETED' && r.billing_agreement_id && r.id;
  const refund = kind === 'refunded' && r.id;
  return {
    eventId: String(body.id ?? ''),
    type,
    kind,
    providerRef,
    amountCents: amount ? toCents(amount.value) : null,
    currency: amount?.currency ?? null,
    ...(sale && { subscriptionRef: r.billing_agreement_id, chargeRef: r.id }),
    ...(refund && {
      refundRef: r.id,
      invoiceRef: r.invoice_id ?? null,
      chargeRef: r.sale_id ?? null,
      subscriptionRef: r.billing_agreement_id ?? null,
    }),
    ...(kind === 'subscription-revised' && { planRef: r.plan_id ?? null }),
  };
}

const approveLink = (links: { href: string; rel: string }[] | undefined) =>
  links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;

/** The language of PayPal's pages for the buyer: the portal's German or English, in Germany. */
const paypalLocale = (language: Language) => (language === 'en' ? 'en-DE' : 'de-DE');

/** What PayPal (or the way to it) refused, as the error every caller of a provider handles. */
const paypalError = (what: string, err: unknown) =>
  new PaymentProviderError(`PayPal ${what}: ${(err as Error).message}`, { cause: err });

/** The HTTP status PayPal answered a failed call with (undefined when it was not reached). */
const statusOf = (err: unknown) => (err as { statusCode?: unknown }).statusCode;

/** A cancel, suspend or activate call of a subscription: PayPal takes a reason of at most 128 characters. */
const withReason = (id: string, reason: string) => ({ id, body: { reason: reason.slice(0, 128) } });

export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private readonly orders: OrdersController;
  private readonly subscriptions: SubscriptionsController;
  /** Where signing certificates come from (tests replace the fetcher and the trusted roots). */
  certificates: Pick<PayPalSignatureOptions, 'fetchCert' | 'trustedRoots'> = {};

  constructor(
    private readonly config: PayPalConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    const client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: config.clientId, oAuthClientSecret: config.clientSecret },
      timeout: 30_000,
      environment: config.environment === 'live' ? Environment.Production : Environment.Sandbox,
      // The SDK's request log goes to the api's logger at debug level (bodies and headers left out).
      logging: {
        logLevel: LogLevel.Debug,
        logger: {
          log: (_level: LogLevel, message: string, params: Record<string, unknown>) => log.debug(params, message),
        },
        logRequest: { logBody: false, logHeaders: false },
        logResponse: { logBody: false, logHeaders: false },
      },
      ...(config.apiBaseUrl ? { unstable_httpClientOptions: { adapter: rebasedAdapter(config.apiBaseUrl) } } : {}),
    });
    this.orders = new OrdersController(client);
    this.subscriptions = new SubscriptionsController(client);
  }

  private urls(invoiceId: string, flow: CheckoutFlow = 'purchase') {
    const base = `${this.config.returnBaseUrl}/api/payment/paypal`;
    // An overage approval returns to a page that captures and then sends the browser back to the portal.
    const page = flow === 'overage-approval' ? `${base}/overage-return` : `${base}/return`;
    return { returnUrl: page, cancelUrl: `${page}?cancelled=${encodeURIComponent(invoiceId)}` };
  }

  /** After the buyer decided on a revision (plan change) PayPal sends the browser to a page of its own. */
  private revisionUrls() {
    const page = `${this.config.returnBaseUrl}/api/payment/paypal/revision-return`;
    return { returnUrl: page, cancelUrl: `${page}?cancelled=1` };
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    try {
      return request.subscription && this.config.productId
        ? await this.createSubscription(request)
        : await this.createOrder(request);
    } catch (err) {
      if (err instanceof PaymentProviderError) throw err;
      throw paypalError('refused the checkout', err);
    }
  }

  private async createOrder(request: CheckoutRequest): Promise<Checkout> {
    const { returnUrl, cancelUrl } = this.urls(request.invoiceId, request.flow);
    const { result } = await this.orders.createOrder({
      paypalRequestId: `order-${request.invoiceId}`,
      prefer: 'return=representation',
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: request.invoiceId,
            customId: request.invoiceId,
            invoiceId: request.invoiceId,
            description: request.description.slice(0, 127),
            amount: { currencyCode: request.currency, value: fromCents(request.amountCents) },
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl,
              cancelUrl,
              locale: paypalLocale(request.language),
              userAction: PaypalExperienceUserAction.PayNow,
            },
          },
        },
      },
    });
    const url = approveLink(result.links);
    if (!result.id || !url) throw new PaymentProviderError('PayPal order without id or approve link');
    return { providerRef: result.id, paymentUrl: url };
  }

  /** A billing plan billing `amountCents` every period, without end (PAYPAL_PRODUCT_ID's plan). */
  private async createPlan(input: {
    requestId: string;
    description: string;
    currency: string;
    amountCents: number;
    period: { unit: 'day' | 'month' | 'year'; duration: number };
  }): Promise<string> {
    if (!this.config.productId) throw new PaymentProviderError('PAYPAL_PRODUCT_ID is not set: no billing plans');
    const unit = { day: IntervalUnit.Day, month: IntervalUnit.Month, year: IntervalUnit.Year }[input.period.unit];
    const { result: plan } = await this.subscriptions.createBillingPlan({
      paypalRequestId: input.requestId,
      prefer: 'return=representation',
      body: {
        productId: this.config.productId,
        name: input.description.slice(0, 127),
        billingCycles: [
          {
            frequency: { intervalUnit: unit, intervalCount: input.period.duration },
            tenureType: TenureType.Regular,
            sequence: 1,
            totalCycles: 0,
            pricingScheme: { fixedPrice: { currencyCode: input.currency, value: fromCents(input.amountCents) } },
          },
        ],
        // A failed cycle is collected by the portal ("Pay now" on the renewal invoice), so PayPal must not bill it
        // again with the next cycle once the subscription is activated after that payment.
        paymentPreferences: { autoBillOutstanding: false, paymentFailureThreshold: 1 },
      },
    });
    if (!plan.id) throw new PaymentProviderError('PayPal billing plan without id');
    return plan.id;
  }

  private async createSubscription(request: CheckoutRequest): Promise<Checkout> {
    const planId = await this.createPlan({
      requestId: `plan-${request.invoiceId}`,
      description: request.description,
      currency: request.currency,
      amountCents: request.amountCents,
      period: request.subscription!,
    });
    const { returnUrl, cancelUrl } = this.urls(request.invoiceId);
    const { result } = await this.subscriptions.createSubscription({
      paypalRequestId: `subscription-${request.invoiceId}`,
      prefer: 'return=representation',
      body: {
        planId,
        customId: request.invoiceId,
        applicationContext: { returnUrl, cancelUrl, locale: paypalLocale(request.language) },
      },
    });
    const url = approveLink(result.links);
    if (!result.id || !url) throw new PaymentProviderError('PayPal subscription without id or approve link');
    return { providerRef: result.id, paymentUrl: url };
  }

  async capture(providerRef: string, invoiceId: string): Promise<CaptureResult> {
    let order;
    try {
      ({ result: order } = await this.orders.captureOrder({
        id: providerRef,
        paypalRequestId: `capture-${invoiceId}`,
        prefer: 'return=representation',
      }));
    } catch (err) {
      throw paypalError('capture failed', err);
    }
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    const status = capture?.status === 'COMPLETED' ? 'completed' : capture?.status === 'PENDING' ? 'pending' : 'failed';
    this.log.info({ orderId: providerRef, status: capture?.status }, 'PayPal capture');
    return {
      status,
      amountCents: toCents(capture?.amount?.value),
      currency: capture?.amount?.currencyCode ?? null,
    };
  }

  /**
   * POST /v1/billing/subscriptions/{id}/cancel. PayPal answers 404 for a subscription it does not know and 422 for
   * one that is no longer active or suspended (cancelled or expired before): nothing bills any more, so both count
   * as done. Anything else (network, 5xx, 401) throws PaymentProviderError.
   */
  async cancelSubscription(providerSubscriptionRef: string, reason: string): Promise<void> {
    try {
      await this.subscriptions.cancelSubscription(withReason(providerSubscriptionRef, reason));
      this.log.info({ subscriptionId: providerSubscriptionRef }, 'PayPal subscription cancelled');
    } catch (err) {
      const status = statusOf(err);
      if (status === 404 || status === 422) {
        this.log.info({ subscriptionId: providerSubscriptionRef, status }, 'PayPal subscription already ended');
        return;
      }
      throw paypalError('could not cancel the subscription', err);
    }
  }

  /**
   * POST /v1/billing/subscriptions/{id}/suspend. 422 (not active: suspended, cancelled or expired before) means it
   * bills no more: done.
   */
  async suspendSubscription(providerSubscriptionRef: string, reason: string): Promise<void> {
    try {
      await this.subscriptions.suspendSubscription(withReason(providerSubscriptionRef, reason));
      this.log.info({ subscriptionId: providerSubscriptionRef }, 'PayPal subscription suspended');
    } catch (err) {
      if (statusOf(err) === 422) return;
      throw paypalError('could not suspend the subscription', err);
    }
  }

  /**
   * POST /v1/billing/subscriptions/{id}/activate. On 422 (not suspended) PayPal is asked what it is: ACTIVE is
   * done, anything else (cancelled, expired) cannot bill again: 'ended'.
   */
  async resumeSubscription(providerSubscriptionRef: string, reason: string): Promise<'active' | 'ended'> {
    try {
      await this.subscriptions.activateSubscription(withReason(providerSubscriptionRef, reason));
      this.log.info({ subscriptionId: providerSubscriptionRef }, 'PayPal subscription activated again');
      return 'active';
    } catch (err) {
      if (statusOf(err) !== 422) throw paypalError('could not activate the subscription', err);
    }
    const subscription = await this.readSubscription(providerSubscriptionRef);
    return subscription.status === 'ACTIVE' ? 'active' : 'ended';
  }

  /** GET /v1/billing/subscriptions/{id}: the subscription as PayPal has it. */
  private async readSubscription(providerSubscriptionRef: string) {
    try {
      const { result } = await this.subscriptions.getSubscription({ id: providerSubscriptionRef });
      return result;
    } catch (err) {
      throw paypalError('could not read the subscription', err);
    }
  }

  /** The simulator's root certificate (fetched once from its origin; outside production only). */
  private simulatorRoot: Promise<string> | null = null;

  /**
   * The roots a webhook's certificate must chain to: PayPal's (the system's), and for a certificate from the
   * simulator's origin (outside production only) the root the simulator serves as well.
   */
  private async trustedRoots(request: WebhookRequest): Promise<readonly string[] | undefined> {
    if (this.certificates.trustedRoots) return this.certificates.trustedRoots;
    const origin = this.config.simulatorOrigin;
    if (!origin || !headerValue(request.headers, 'paypal-cert-url')?.startsWith(`${origin}/`)) return undefined;
    this.simulatorRoot ??= fetch(`${origin}/v1/simulator/certs/root.pem`, { signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.text();
      })
      .catch((err: unknown) => {
        this.simulatorRoot = null;
        throw new PaymentProviderError(`the PayPal simulator's root certificate is not reachable: ${String(err)}`);
      });
    return [...tls.rootCertificates, await this.simulatorRoot];
  }

  /**
   * A billing plan of the new price and period (as for a new subscription), then
   * POST /v1/billing/subscriptions/{id}/revise to it. PayPal answers with an approve link: the buyer agrees there, and
   * only then (BILLING.SUBSCRIPTION.UPDATED) does PayPal bill the new plan, from the next billing cycle on.
   */
  async reviseSubscription(providerSubscriptionRef: string, revision: SubscriptionRevision): Promise<RevisionResult> {
    try {
      const planId = await this.createPlan({
        requestId: `plan-change-${revision.changeId}`,
        description: revision.description,
        currency: revision.currency,
        amountCents: revision.amountCents,
        period: revision.period,
      });
      const { result } = await this.subscriptions.reviseSubscription({
        id: providerSubscriptionRef,
        body: {
          planId,
          applicationContext: {
            ...this.revisionUrls(),
            locale: paypalLocale(revision.language),
          },
        },
      });
      this.log.info({ subscriptionId: providerSubscriptionRef, planId }, 'PayPal subscription revised');
      return { approvalUrl: approveLink(result.links), planRef: planId };
    } catch (err) {
      if (err instanceof PaymentProviderError) throw err;
      throw paypalError('could not revise the subscription', err);
    }
  }

  async billedPlanRef(providerSubscriptionRef: string): Promise<string | null> {
    return (await this.readSubscription(providerSubscriptionRef)).planId ?? null;
  }

  async verifyWebhook(request: WebhookRequest): Promise<PaymentEvent> {
    await verifyPayPalSignature(request, {
      webhookId: this.config.webhookId,
      allowedHosts: this.config.certHosts,
      trustedOrigin: this.config.simulatorOrigin,
      ...this.certificates,
      trustedRoots: await this.trustedRoots(request),
    });
    let body: WebhookBody;
    try {
      body = JSON.parse(request.rawBody.toString('utf8')) as WebhookBody;
    } catch {
      throw new WebhookSignatureError('body is not JSON');
    }
    const event = parseEvent(body);
    if (!event.eventId) throw new WebhookSignatureError('event without id');
    return { ...event, payload: body };
  }
}
