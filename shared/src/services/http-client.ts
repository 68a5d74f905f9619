import { JWT_REFRESH_SLUG, SESSION_EXPIRED_MESSAGE, STATUS_MESSAGES } from '../domain/errors';
import { ApiError } from './api-error';
import type { HttpClient, RequestOptions } from './contract';

type MaybePromise<T> = T | Promise<T>;

/** Where the client gets its bearer token; the shell's session implements it (no cycle with the client). */
export interface TokenProvider {
  /** Current ID token, or null when signed out (no Authorization header then). */
  getToken(): MaybePromise<string | null | undefined>;
  /** Force-refreshes and stores the token; returns the new one. Throwing or returning nothing means failure. */
  refreshToken(): Promise<string | null | undefined>;
  /** Called once when a refresh failed (the session then expires). */
  onRefreshFailed(): MaybePromise<void>;
  /** When true every call throws 'Session expired. Please login again.' */
  isSessionExpired(): boolean;
}

export interface HttpClientConfig {
  /** e.g. '/api' or 'http://127.0.0.1:3001/api'. */
  baseUrl: string;
  tokens: TokenProvider;
  /** Global loading counter (skipped for calls with `silent`). */
  loading?: { begin(): void; end(): void };
  fetchImpl?: typeof fetch;
  /**
   * Told whether the api can be reached: `lost()` when a request failed without any answer (after the GET retry),
   * `reached()` whenever an answer arrives. The shell shows its "connection lost" state from this.
   */
  connection?: ConnectionReporter;
  /** Pause before an idempotent GET is sent a second time after a network error (default 400 ms). */
  retryDelayMs?: number;
}

export interface ConnectionReporter {
  lost(): void;
  reached(): void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const base = baseUrl.replace(/\/+$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  let url = /^https?:\/\//.test(path) ? path : base + rel;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

/** Whether the request carries an Idempotency-Key header (any spelling of the name). */
function hasIdempotencyKey(headers: Record<string, string>): boolean {
  return Object.entries(headers).some(([name, value]) => name.toLowerCase() === 'idempotency-key' && !!value);
}

function isRawBody(body: unknown): boolean {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    typeof body === 'string'
  );
}

interface ErrorInfo {
  message?: string;
  slug?: string;
  body: unknown;
  text: string;
}

async function readError(response: Response): Promise<ErrorInfo> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // body unreadable: fall back to the status mapping
  }
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { message, slug } = body as { message?: unknown; slug?: unknown };
      return {
        message: typeof message === 'string' && message ? message : undefined,
        slug: typeof slug === 'string' ? slug : undefined,
        body,
        text,
      };
    }
    return { body, text };
  } catch {
    return { body: text || undefined, text };
  }
}

/** The server's message when present, else the status mapping, else a generic message. */
function messageFor(response: Response, info: ErrorInfo): string {
  if (info.message) return info.message;
  const mapped = STATUS_MESSAGES[response.status];
  if (mapped) return mapped;
  return `Generic Error: ${response.status} ${response.statusText} ${info.text}`.trimEnd();
}

/**
 * A UUID v4 for X-Request-Id. crypto.randomUUID exists only in secure contexts (https, localhost); a portal opened over
 * plain http on another host gets the same format from crypto.getRandomValues, which works everywhere.
 */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function readSuccess(
  response: Response,
  responseType: RequestOptions['responseType'],
  requestId: string,
): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(response.status, 'invalid-json', 'Invalid JSON in response', text, requestId);
  }
}

/**
 * The portal's HTTP client: bearer token on every call; a failure with slug
 * 'unable-to-verify-jwt' force-refreshes the token (one refresh at a time, shared by concurrent calls) and
 * retries once; a failed refresh signs out. A GET, or a write with an Idempotency-Key, that gets no answer at all
 * (network error) is sent once more. Every call carries an X-Request-Id of its own (its retries the same one): the
 * api logs the call under it, and a failed call's ApiError names it as the seller's support code.
 */
export function createHttpClient(config: HttpClientConfig): HttpClient {
  const { tokens } = config;
  const fetchImpl = config.fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let refreshing: Promise<string> | null = null;

  function refreshOnce(): Promise<string> {
    if (!refreshing) {
      refreshing = (async () => {
        try {
          const token = await tokens.refreshToken();
          if (!token) throw new Error('Token refresh returned no token');
          return token;
        } catch (error) {
          await tokens.onRefreshFailed();
          throw error;
        } finally {
          refreshing = null;
        }
      })();
    }
    return refreshing;
  }

  async function send(
    method: Method,
    url: string,
    token: string | null | undefined,
    body: unknown,
    options: RequestOptions,
    requestId: string,
  ) {
    const headers: Record<string, string> = {
      Accept: options.responseType === 'json' || !options.responseType ? 'application/json' : '*/*',
      'X-Request-Id': requestId,
    };
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) {
        payload = body as BodyInit;
      } else {
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    Object.assign(headers, options.headers);
    const attempt = () =>
      fetchImpl(url, { method, headers, body: payload, credentials: 'omit', signal: options.signal });
    try {
      let response: Response;
      try {
        response = await attempt();
      } catch (error) {
        // An idempotent GET is sent once more after a network error (a restarted api instance, a dropped
        // connection). A write is repeated only with an Idempotency-Key: the first one may have arrived, and the
        // api answers the repeat with the first one's result; without a key it could be done twice.
        if ((error as Error)?.name === 'AbortError' || !(method === 'GET' || hasIdempotencyKey(headers))) throw error;
        await new Promise((resolve) => setTimeout(resolve, config.retryDelayMs ?? 400));
        if (options.signal?.aborted) throw error;
        response = await attempt();
      }
      config.connection?.reached();
      return response;
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      config.connection?.lost();
      throw new ApiError(0, 'network-error', 'Network request failed', undefined, requestId);
    }
  }

  async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    if (tokens.isSessionExpired()) throw new ApiError(401, 'session-expired', SESSION_EXPIRED_MESSAGE);
    const url = buildUrl(config.baseUrl, path, options.query);
    const requestId = newRequestId();
    const track = !options.silent && config.loading;
    if (track) config.loading!.begin();
    try {
      let token = await tokens.getToken();
      let response = await send(method, url, token, body, options, requestId);
      let retried = false;
      for (;;) {
        if (response.ok || options.acceptStatuses?.includes(response.status)) {
          return (await readSuccess(response, options.responseType, requestId)) as T;
        }
        const info = await readError(response);
        if (info.slug === JWT_REFRESH_SLUG && !retried) {
          retried = true;
          const current = refreshing ? null : await tokens.getToken();
          // Another call may already have refreshed since this one was sent: then just retry with the new token.
          if (current && current !== token) {
            token = current;
          } else {
            try {
              token = await refreshOnce();
            } catch {
              throw new ApiError(response.status, info.slug, messageFor(response, info), info.body, requestId);
            }
          }
          response = await send(method, url, token, body, options, requestId);
          continue;
        }
        throw new ApiError(response.status, info.slug ?? '', messageFor(response, info), info.body, requestId);
      }
    } finally {
      if (track) config.loading!.end();
    }
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
    del: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
  };
}
