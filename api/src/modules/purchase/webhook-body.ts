import { TEXT_INVALID_KEY } from '@portal/shared/domain';
import { HttpError } from '../../lib/http-error';

// Webhook bodies are kept raw (their signature is over the exact bytes), so the input guard, which checks parsed
// JSON bodies, never sees them. Refused here: what the database cannot store, which otherwise fails the event's
// insert (jsonb and text refuse NUL, jsonb refuses a lone surrogate half) and answers 500. Other control characters
// stay allowed: a provider's signed event must not be refused for, e.g., a tab in a buyer's name.

const MAX_DEPTH = 64;
// eslint-disable-next-line no-control-regex -- NUL is what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasUnstorableText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || hasUnstorableText(item, depth + 1));
}

const refused = (message: string) => new HttpError(400, 'validation-error', message, { body: TEXT_INVALID_KEY });

/**
 * 400 for a raw webhook body with a NUL byte, or JSON whose strings or keys hold NUL ("\u0000") or a lone
 * surrogate half. A body that is not JSON is left to the provider's verification (it answers the signature error).
 */
export function assertStorableWebhookBody(rawBody: Buffer): void {
  if (rawBody.includes(0)) throw refused('The webhook body must not contain NUL bytes');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return;
  }
  if (hasUnstorableText(parsed, 0)) {
    throw refused('The webhook body must not contain NUL characters or broken UTF-16 (lone surrogates)');
  }
}
