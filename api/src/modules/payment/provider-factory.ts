// Builds the PaymentProvider that PAYMENT_PROVIDER names (decorated on the app by plugins/payments.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { PayPalProvider } from './paypal-provider';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox-provider';

const SANDBOX_KEY_FILE = 'payment-sandbox.key';

/** PAYMENT_SANDBOX_SECRET, or a random key generated once into DATA_DIR (each instance signs for itself). */
export function resolveSandboxSecret(config: AppConfig): string {
  if (config.payment.sandboxSecret) return config.payment.sandboxSecret;
  const file = path.join(config.dataDir, SANDBOX_KEY_FILE);
  if (fs.existsSync(file)) {
    const key = fs.readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** What the providers need of the running api: its log, and where it listens (the sandbox posts its events there). */
export interface ProviderHost {
  log: FastifyBaseLogger;
  /** The api server's address (`server.address()`), null while not listening. */
  listeningAddress: () => AddressInfo | string | null;
}

/** http://<this api's listening address>/api/payment/webhook/sandbox, null while not listening. */
export function ownWebhookUrl(api: Pick<ProviderHost, 'listeningAddress'>): string | null {
  const address = api.listeningAddress();
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}/api/payment/webhook/sandbox`;
}

export function createPaymentProvider(host: ProviderHost, config: AppConfig): PaymentProvider {
  if (config.payment.provider === 'paypal') return new PayPalProvider(config.payment.paypal, host.log);
  const secret = resolveSandboxSecret(config);
  return new SandboxProvider(secret, () => config.payment.sandboxWebhookUrl ?? ownWebhookUrl(host));
}
