// Offline verification of PayPal webhooks (no call to /v1/notifications/verify-webhook-signature): the signed
// message is `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body>`, signed SHA256withRSA with
// the key of the certificate at PAYPAL-CERT-URL. The certificate is fetched only from an allow-listed https host,
// must be valid now and must chain to a trusted root.
import crypto, { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { headerValue, PaymentProviderError, WebhookSignatureError, type WebhookRequest } from './provider';

export interface PayPalSignatureOptions {
  webhookId: string;
  /** Exact host names the certificate may come from (api.paypal.com, api.sandbox.paypal.com). */
  allowedHosts: readonly string[];
  /**
   * Outside production only: an origin (the local PayPal simulator's) whose certificate URLs are accepted over plain
   * http too. The chain must still end at one of the trusted roots.
   */
  trustedOrigin?: string | null;
  /** Loads the PEM at an allow-listed URL (default: https GET, cached). */
  fetchCert?: (url: string) => Promise<string>;
  /** PEM roots the certificate must chain to (default: Node's bundled Mozilla roots). */
  trustedRoots?: readonly string[];
  now?: () => Date;
}

const certCache = new Map<string, string>();

async function fetchCertOverHttps(url: string): Promise<string> {
  const cached = certCache.get(url);
  if (cached) return cached;
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new PaymentProviderError(`PayPal certificate not reachable: ${(err as Error).message}`, { cause: err });
  }
  if (!res.ok) throw new PaymentProviderError(`PayPal certificate answered ${res.status}`);
  const pem = await res.text();
  if (certCache.size > 50) certCache.clear();
  certCache.set(url, pem);
  return pem;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function parseChain(pem: string): X509Certificate[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (!blocks.length) throw new WebhookSignatureError('the certificate URL returned no certificate');
  try {
    return blocks.map((b) => new X509Certificate(b));
  } catch {
    throw new WebhookSignatureError('the certificate cannot be parsed');
  }
}

/** Leaf → (intermediates in the PEM)* → a trusted root, each link checked by issuer and signature. */
function assertChain(chain: X509Certificate[], roots: X509Certificate[], now: Date): void {
  for (const cert of chain) {
    if (new Date(cert.validFrom) > now || new Date(cert.validTo) < now) {
      throw new WebhookSignatureError('the certificate is not valid now');
    }
  }
  let current = chain[0];
  const pool = chain.slice(1);
  for (let depth = 0; depth < 6; depth++) {
    const root = roots.find((r) => current.checkIssued(r) && current.verify(r.publicKey));
    if (root) return;
    const next = pool.find((c) => current.checkIssued(c) && current.verify(c.publicKey));
    if (!next) break;
    current = next;
  }
  throw new WebhookSignatureError('the certificate does not chain to a trusted root');
}

let defaultRoots: X509Certificate[] | null = null;
const systemRoots = () => (defaultRoots ??= tls.rootCertificates.map((pem) => new X509Certificate(pem)));

export async function verifyPayPalSignature(request: WebhookRequest, opts: PayPalSignatureOptions): Promise<void> {
  const h = (name: string) => headerValue(request.headers, name);
  const transmissionId = h('paypal-transmission-id');
  const transmissionTime = h('paypal-transmission-time');
  const signature = h('paypal-transmission-sig');
  const certUrl = h('paypal-cert-url');
  const algorithm = h('paypal-auth-algo');
  if (!transmissionId || !transmissionTime || !signature || !certUrl) {
    throw new WebhookSignatureError('PAYPAL-TRANSMISSION-* headers are missing');
  }
  if (algorithm && algorithm !== 'SHA256withRSA') throw new WebhookSignatureError(`unsupported algorithm ${algorithm}`);

  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    throw new WebhookSignatureError('PAYPAL-CERT-URL is not a URL');
  }
  const fromTrustedOrigin = !!opts.trustedOrigin && url.origin === opts.trustedOrigin && !url.username && !url.password;
  if (!fromTrustedOrigin) {
    if (url.protocol !== 'https:' || url.username || url.password || url.port) {
      throw new WebhookSignatureError('PAYPAL-CERT-URL must be a plain https URL');
    }
    if (!opts.allowedHosts.includes(url.hostname.toLowerCase())) {
      throw new WebhookSignatureError(`certificate host ${url.hostname} is not allow-listed`);
    }
  }

  const pem = await (opts.fetchCert ?? fetchCertOverHttps)(url.toString());
  const chain = parseChain(pem);
  const roots = opts.trustedRoots ? opts.trustedRoots.map((r) => new X509Certificate(r)) : systemRoots();
  assertChain(chain, roots, opts.now?.() ?? new Date());

  const message = `${transmissionId}|${transmissionTime}|${opts.webhookId}|${zlib.crc32(request.rawBody) >>> 0}`;
  const ok = crypto.verify('sha256', Buffer.from(message), chain[0].publicKey, Buffer.from(signature, 'base64'));
  if (!ok) throw new WebhookSignatureError('signature does not match');
}
