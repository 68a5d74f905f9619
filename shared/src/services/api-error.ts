import { isNotFoundMessage } from '../domain/errors';

/**
 * Every failed call throws this: HTTP status (0 for network failures), the server's slug and a message, for
 * validation errors `fields` (field path → i18n key of the `common` namespace) taken from the body, and the id the
 * request was sent with (X-Request-Id), which support finds the api's log lines by.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly slug: string;
  /** Parsed error body when there was one. */
  readonly body?: unknown;
  readonly fields?: Record<string, string>;
  /** The X-Request-Id the failed request was sent with; shown to the seller as the support code. */
  readonly requestId?: string;

  constructor(status: number, slug: string, message: string, body?: unknown, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.slug = slug;
    this.body = body;
    this.fields = fieldsOf(body);
    this.requestId = requestId;
  }
}

/** The body's `fields` (field path → i18n key of `common`) when it is a non-empty map of strings. */
function fieldsOf(body: unknown): Record<string, string> | undefined {
  const fields = body && typeof body === 'object' ? (body as { fields?: unknown }).fields : undefined;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return undefined;
  const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'status' in error);
}

/** 404, or a message/slug containing "not found"/"not-found": an empty result, not an error to show. */
export function isNotFoundError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 404 || isNotFoundMessage(error.slug) || isNotFoundMessage(error.message);
}

/**
 * The support code of a failed request (its X-Request-Id), when the error is one the http client threw or wraps one as
 * its `cause` (e.g. the account whose api row could not be created).
 */
export function supportCodeOf(error: unknown): string | undefined {
  if (error instanceof Error && !isApiError(error) && error.cause !== undefined) return supportCodeOf(error.cause);
  if (!isApiError(error)) return undefined;
  const id = (error as { requestId?: unknown }).requestId;
  return typeof id === 'string' && id ? id : undefined;
}
