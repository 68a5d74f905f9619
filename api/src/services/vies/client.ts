// The client of VIES, the EU's VAT number register, over its REST protocol: POST <VIES_URL>/check-vat-number with
// the number and our own VAT ID as the requester, which makes the check a qualified one with a consultation number
// (requestIdentifier) — the proof a reverse-charge invoice keeps. Production talks to the Commission's service; dev
// and tests to scripts/vies-simulator.cjs, which speaks the same protocol.
import { viesParts } from '@portal/shared/domain';

/** VIES answers in seconds; a member state's service that is slower than this counts as not answering. */
export const VIES_TIMEOUT_MS = 10_000;

/**
 * VIES's answer. `unverified` is every case where VIES did not say yes or no about the number: unreachable, a
 * timeout, a member state's service down, a busy VIES, a response we cannot read. It is never a guess either way.
 */
export type ViesAnswer =
  | {
      status: 'valid';
      name: string | null;
      address: string | null;
      requestId: string | null;
      requestDate: string | null;
    }
  | { status: 'invalid'; requestId: string | null; requestDate: string | null }
  | { status: 'unverified'; error: string };

export interface ViesClient {
  /** Asks VIES about a VAT ID with its country prefix ('ATU13585627'). Never throws for VIES's own failures. */
  check(vatId: string): Promise<ViesAnswer>;
}

export interface ViesClientOptions {
  /** The REST base, without a trailing slash: VIES_PRODUCTION_URL or the simulator's address. */
  baseUrl: string;
  /** Our own VAT ID (the invoices' seller); without one VIES gives no consultation number. */
  requesterVatId?: string | null;
  timeoutMs?: number;
}

/** VIES's error codes that mean "this number is no VAT number", an answer about the number itself. */
const NUMBER_ERRORS = new Set(['INVALID_INPUT']);

/** "---" is how VIES says a member state does not disclose a field. */
function disclosed(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || text === '---' ? null : text;
}

export function createViesClient(options: ViesClientOptions): ViesClient {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/check-vat-number`;
  const requester = options.requesterVatId ? viesParts(options.requesterVatId) : null;
  const timeoutMs = options.timeoutMs ?? VIES_TIMEOUT_MS;

  return {
    async check(vatId) {
      const parts = viesParts(vatId);
      if (!parts) return { status: 'unverified', error: 'NOT_A_VIES_NUMBER' };
      const body = {
        countryCode: parts.countryCode,
        vatNumber: parts.vatNumber,
        ...(requester ? { requesterMemberStateCode: requester.countryCode, requesterNumber: requester.vatNumber } : {}),
      };
      let status: number;
      let payload: Record<string, unknown> | null;
      try {
        const res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        const text = await res.text();
        try {
          const parsed: unknown = JSON.parse(text);
          payload = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
        } catch {
          payload = null;
        }
      } catch (err) {
        const name = (err as Error).name;
        return { status: 'unverified', error: name === 'TimeoutError' ? 'TIMEOUT' : 'UNREACHABLE' };
      }

      // Failures come as {actionSucceed: false, errorWrappers: [{error, message}]}, with HTTP 200 as well as 4xx/5xx.
      const wrappers = payload?.errorWrappers;
      if (Array.isArray(wrappers) && wrappers.length > 0) {
        const code = String((wrappers[0] as { error?: unknown })?.error ?? 'UNKNOWN_ERROR');
        if (NUMBER_ERRORS.has(code)) return { status: 'invalid', requestId: null, requestDate: null };
        return { status: 'unverified', error: code };
      }
      if (status < 200 || status >= 300) return { status: 'unverified', error: `HTTP_${status}` };
      if (!payload || typeof payload.valid !== 'boolean') return { status: 'unverified', error: 'MALFORMED_RESPONSE' };
      // An answer about another number than the one asked answers nothing.
      if (payload.countryCode !== parts.countryCode || payload.vatNumber !== parts.vatNumber) {
        return { status: 'unverified', error: 'RESPONSE_MISMATCH' };
      }
      const requestId = disclosed(payload.requestIdentifier);
      const requestDate = disclosed(payload.requestDate);
      if (!payload.valid) return { status: 'invalid', requestId, requestDate };
      return {
        status: 'valid',
        name: disclosed(payload.name),
        address: disclosed(payload.address),
        requestId,
        requestDate,
      };
    },
  };
}
