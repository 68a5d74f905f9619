import type { ApiErrorSlug } from '@portal/shared/domain';

/** An error with an HTTP status and the slug (and field keys) of the `{ message, slug, fields? }` error body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly slug: ApiErrorSlug,
    message: string,
    /** Field path → i18n key of the `common` namespace. */
    public readonly fields?: Record<string, string>,
    /** Response headers that belong to the error (Retry-After of a 429). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 validation-error for one field: `message` for logs/API users, `key` for the UI. */
export const invalidField = (field: string, key: string, message: string) =>
  new HttpError(400, 'validation-error', message, { [field]: key });

/** 409 email-in-use, marking the request's email field. */
export const emailInUse = (field: string) =>
  new HttpError(409, 'email-in-use', 'Email is already in use.', { [field]: 'api_error_email_in_use' });
