// The simulator's state: PayPal's resources by id (products, orders, captures, plans, subscriptions, sales, refunds,
// webhook events), the OAuth tokens it issued and the answers kept per PayPal-Request-Id. Held in memory; with a
// data file every change is written through, so a restarted simulator still knows what it sold.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const COLLECTIONS = ['products', 'orders', 'captures', 'plans', 'subscriptions', 'sales', 'refunds', 'events'];

/** PayPal-like ids: upper-case letters and digits (orders, captures, sales and refunds have 17 characters). */
export function paypalId(length = 17) {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';
  const bytes = crypto.randomBytes(length);
  let id = '';
  for (const b of bytes) id += alphabet[b % alphabet.length];
  return id;
}

/** "12.30" → 1230; null for anything that is not a non-negative decimal amount with at most two places. */
export function toCents(value) {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const fromCents = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** How long PayPal keeps the answer of a request id (orders: 6 h for some calls, 45 days for others; one here). */
const IDEMPOTENCY_MS = 6 * 3600_000;

/** Now as PayPal writes its times: ISO 8601 in UTC, whole seconds ('2026-01-31T12:00:00Z'). */
export const paypalTime = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export function createStore({ dataFile = null } = {}) {
  const data = Object.fromEntries(COLLECTIONS.map((c) => [c, new Map()]));
  /** access token → expiry (ms). */
  const tokens = new Map();
  /** `<method> <path> <request id>` → { at, status, body }. */
  const answers = new Map();

  if (dataFile && fs.existsSync(dataFile)) {
    const saved = JSON.parse(fs.readFileSync(dataFile, 'utf8'));
    for (const c of COLLECTIONS) for (const item of saved[c] ?? []) data[c].set(item.id, item);
  }

  function save() {
    if (!dataFile) return;
    const out = Object.fromEntries(COLLECTIONS.map((c) => [c, [...data[c].values()]]));
    fs.mkdirSync(path.dirname(dataFile), { recursive: true });
    const tmp = `${dataFile}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(out));
    fs.renameSync(tmp, dataFile);
  }

  return {
    ...data,
    save,
    issueToken(ttlSeconds) {
      const token = `A21AA${crypto.randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + ttlSeconds * 1000);
      return token;
    },
    tokenValid(token) {
      const until = tokens.get(token);
      return until !== undefined && until > Date.now();
    },
    recalled(key) {
      const hit = answers.get(key);
      if (!hit) return null;
      if (hit.at + IDEMPOTENCY_MS < Date.now()) {
        answers.delete(key);
        return null;
      }
      return hit;
    },
    remember(key, status, body) {
      answers.set(key, { at: Date.now(), status, body });
    },
  };
}
