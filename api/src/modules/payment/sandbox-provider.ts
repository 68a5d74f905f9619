// The local payment sandbox: the api's own payment page (sandbox-page.ts) stands in for the provider's checkout,
// and paying there sends an HMAC-signed event over HTTP to POST /api/payment/webhook/sandbox, the route a real
// provider calls, so everything after the payment runs as it would in production.
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  headerValue,
  PaymentProviderError,
  WebhookSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type RevisionResult,
  type WebhookRequest,
} from './provider';
import type { PaymentRow } from './repository';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signed event older (or newer) than this is refused, so a captured request cannot be replayed forever. */
export const SANDBOX_SIGNATURE_TOLERANCE_S = 300;

export type SandboxEventType = 'PAYMENT.COMPLETED' | 'PAYMENT.CANCELLED' | 'PAYMENT.REFUNDED';

export interface SandboxEventBody {
  id: string;
  type: SandboxEventType;
  created: string;
  /** refund_id (PAYMENT.REFUNDED): the refund's own id; a refund delivered twice books once. Default: the event id. */
  resource: { ref: string; amount_cents: number; currency: string; refund_id?: string };
}

const KIND = {
  'PAYMENT.COMPLETED': 'completed',
  'PAYMENT.CANCELLED': 'failed',
  'PAYMENT.REFUNDED': 'refunded',
} as const;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function signSandboxBody(secret: string, rawBody: string | Buffer, nowS = Math.floor(Date.now() / 1000)) {
  const mac = crypto.createHmac('sha256', secret).update(`${nowS}.`).update(rawBody).digest('hex');
  return `t=${nowS},v1=${mac}`;
}

export function verifySandboxSignature(
  secret: string,
  header: string | null,
  rawBody: Buffer,
  nowS = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookSignatureError(`missing ${SANDBOX_SIGNATURE_HEADER} header`);
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) {
    throw new WebhookSignatureError('malformed signature header');
  }
  if (Math.abs(nowS - t) > SANDBOX_SIGNATURE_TOLERANCE_S)
    throw new WebhookSignatureError('signature timestamp too old');
  const expected = crypto.createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const given = Buffer.from(parts.v1, 'hex');
  if (!crypto.timingSafeEqual(expected, given)) throw new WebhookSignatureError('signature does not match');
}

/** POSTs a JSON body with its signature to `url` over real HTTP; resolves with the status code. */
function postSigned(url: string, rawBody: string, signature: string): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(rawBody),
          [SANDBOX_SIGNATURE_HEADER]: signature,
          connection: 'close',
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('webhook call timed out')));
    req.on('error', reject);
    req.end(rawBody);
  });
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly secret: string,
    /** Absolute URL of POST /api/payment/webhook/sandbox (resolved when an event is sent: the port may be ephemeral). */
    private readonly webhookUrl: () => string | null,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    // 192 random bits: the ref is the only capability of the page (no bearer token in a pop-up).
    const providerRef = crypto.randomBytes(24).toString('base64url');
    const page = `/api/payment/sandbox/${providerRef}`;
    // An overage approval gets the consent page (overage-consent.ts), which returns to the portal afterwards.
    return { providerRef, paymentUrl: request.flow === 'overage-approval' ? `${page}/consent` : page };
  }

  async verifyWebhook({ headers, rawBody }: WebhookRequest): Promise<PaymentEvent> {
    verifySandboxSignature(this.secret, headerValue(headers, SANDBOX_SIGNATURE_HEADER), rawBody);
    let body: SandboxEventBody;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as SandboxEventBody;
    } catch {
      throw new WebhookSignatureError('body is not JSON');
    }
    // Own keys only: `in` is also true for '__proto__', 'constructor' or 'toString' (inherited from Object).
    if (typeof body?.id !== 'string' || !Object.hasOwn(KIND, body.type) || typeof body.resource?.ref !== 'string') {
      throw new WebhookSignatureError('not a sandbox event');
    }
    return {
      eventId: body.id,
      type: body.type,
      kind: KIND[body.type],
      providerRef: body.resource.ref,
      amountCents: Number.isInteger(body.resource.amount_cents) ? body.resource.amount_cents : null,
      currency: typeof body.resource.currency === 'string' ? body.resource.currency : null,
      ...(body.type === 'PAYMENT.REFUNDED' && {
        refundRef: typeof body.resource.refund_id === 'string' ? body.resource.refund_id : body.id,
      }),
      payload: body,
    };
  }

  /**
   * Nothing to call: the sandbox never bills by itself. Its renewals are charged by the api's renewal job, which a
   * cancelled (or deleted) subscription row stops.
   */
  async cancelSubscription(): Promise<void> {}

  /**
   * Nothing to call either: the sandbox's renewals are invoiced by the api's renewal job from the license's plan, and
   * a plan change has switched that plan (or scheduled it for the period end) before this is asked.
   */
  async reviseSubscription(): Promise<RevisionResult> {
    return { approvalUrl: null, planRef: null };
  }

  /** The sandbox has no plans of its own: its renewals are invoiced from the license's plan. */
  async billedPlanRef(): Promise<string | null> {
    return null;
  }

  /** The sandbox bills only through the renewals job, which skips a subscription cancelled at period end. */
  async suspendSubscription(): Promise<void> {}

  async resumeSubscription(): Promise<'active'> {
    return 'active';
  }

  /** What the sandbox page does on Pay/Cancel: sign the event and deliver it to the webhook route over HTTP. */
  /** The event of `payment` (its ref, amount and currency), signed and sent to the webhook. */
  sendPaymentEvent(type: SandboxEventType, payment: Pick<PaymentRow, 'providerRef' | 'amountCents' | 'currency'>) {
    const resource = { ref: payment.providerRef!, amount_cents: payment.amountCents, currency: payment.currency };
    return this.sendEvent(type, resource);
  }

  async sendEvent(type: SandboxEventType, resource: SandboxEventBody['resource']): Promise<SandboxEventBody> {
    const url = this.webhookUrl();
    if (!url) throw new PaymentProviderError('the sandbox has no webhook address (the api is not listening)');
    const body: SandboxEventBody = {
      id: `evt_${crypto.randomUUID()}`,
      type,
      created: new Date().toISOString(),
      resource,
    };
    const raw = JSON.stringify(body);
    let res: { status: number; body: string };
    try {
      res = await postSigned(url, raw, signSandboxBody(this.secret, raw));
    } catch (err) {
      throw new PaymentProviderError(`sandbox webhook not reachable: ${(err as Error).message}`, { cause: err });
    }
    if (res.status >= 300) throw new PaymentProviderError(`sandbox webhook answered ${res.status}: ${res.body}`);
    return body;
  }
}
