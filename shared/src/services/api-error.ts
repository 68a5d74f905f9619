import { isNotFoundMessage } from '../domain/errors';

/** Every failed call throws this: HTTP status (0 for network failures), the server's slug and a message. */
export class ApiError extends Error {
  readonly status: number;
  readonly slug: string;
  /** Parsed error body when there was one. */
  readonly body?: unknown;

  constructor(status: number, slug: string, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.slug = slug;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'status' in error);
}

/** 404, or a message/slug containing "not found"/"not-found": treated as an empty result (spec §8). */
export function isNotFoundError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 404 || isNotFoundMessage(error.slug) || isNotFoundMessage(error.message);
}

/** A message to show for any thrown value, with a fallback (e.g. 'Failed to fetch invoices'). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
