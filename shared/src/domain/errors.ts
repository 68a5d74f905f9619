/** Status → message for a failed answer without a message of its own; other statuses get a generic error. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
export const JWT_REFRESH_SLUG = 'unable-to-verify-jwt';

/**
 * Every `slug` of an error body `{ message, slug, fields? }`. The UI translates `api_error_<slug with _>` of the
 * `common` namespace (see apiErrorKey); the last three are produced by the http client itself.
 */
export const API_ERROR_SLUGS = [
  // request and platform
  'validation-error',
  'bad-request',
  'unsupported-media-type',
  'payload-too-large',
  'too-many-requests',
  'route-not-found',
  'internal-error',
  'database-unavailable',
  // identity and account
  'unable-to-verify-jwt',
  'user-not-found',
  'account-inactive',
  'uid-mismatch',
  'email-mismatch',
  'email-in-use',
  'identity-service-error',
  'forbidden-for-subuser',
  'forbidden-staff-only',
  'profile-incomplete',
  'vat-id-not-checkable',
  'subuser-not-found',
  'max-users-reached',
  'paypal-auth-not-found',
  'paypal-auth-exists',
  // licenses and catalogue
  'product-not-found',
  'product-not-free-or-trial',
  'trial-already-used',
  'license-already-active',
  'license-not-found',
  'license-required',
  'usage-not-metered',
  'registration-not-found',
  'subscription-not-found',
  'subscription-not-active',
  'overage-not-pending',
  // GPSR records and uploads
  'gpsr-product-not-found',
  'gpsr-file-not-found',
  'gpsr-version-not-found',
  'gpsr-nothing-to-release',
  'file-type-not-allowed',
  'file-empty',
  'file-name-invalid',
  'too-many-files',
  'upload-incomplete',
  'invalid-multipart',
  // invoices
  'invoice-not-found',
  'invoice-not-finalized',
  // purchase and payment
  'product-free-or-trial',
  'extra-not-available',
  'auto-upgrade-consent-required',
  'payment-not-found',
  'webhook-signature-invalid',
  'payment-amount-mismatch',
  'payment-provider-error',
  'renewal-busy',
  'already-subscribed',
  'renewal-payment-due',
  'subscription-ending',
  'no-scheduled-change',
  'not-a-subscription',
  'idempotency-key-reused',
  'plugin-not-available',
  'checkout-expired',
  // database connection
  'data-source-not-found',
  'email-not-verified',
  'connection-details-missing',
  'address-not-allowed',
  'db-host-not-found',
  'db-port-closed',
  'db-port-filtered',
  'db-tls-required',
  'db-tls-refused',
  'db-login-rejected',
  'db-database-missing',
  'db-schema-missing',
  'connection-test-failed',
  // order database (wawi)
  'wawi-tables-missing',
  // AVV versions
  'avv-version-not-found',
  'avv-version-not-current',
  'avv-version-exists',
  // staff console: plugin registry
  'registry-entry-exists',
  'registry-entry-not-found',
  'registry-route-taken',
  'registry-route-reserved',
  'manifest-host-not-allowed',
  // staff console: releases of a remote
  'release-not-found',
  'release-exists',
  'release-unavailable',
  'release-not-a-release',
  'release-incompatible',
  'release-no-rollback',
  // produced by the http client
  'network-error',
  'session-expired',
  'invalid-json',
] as const;
export type ApiErrorSlug = (typeof API_ERROR_SLUGS)[number];

export function isApiErrorSlug(value: unknown): value is ApiErrorSlug {
  return typeof value === 'string' && (API_ERROR_SLUGS as readonly string[]).includes(value);
}

/** HTTP statuses with an own `http_error_<status>` text, used when a slug is unknown. */
export const HTTP_ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503] as const;

/** Field message for a field error whose schema message is not an i18n key (should not happen for shared schemas). */
export const FIELD_INVALID_KEY = 'validation_field_invalid';

/** Messages of the shared schemas are flat snake_case i18n keys ('validation_postalCode_invalid'). */
export function isMessageKey(message: string): boolean {
  return /^[a-z][A-Za-z0-9]*(_[A-Za-z0-9]+)+$/.test(message);
}

/** A message containing "not found" or "not-found" means an empty list, not an error (no notification). */
export function isNotFoundMessage(message: string | null | undefined): boolean {
  return /not[ -]found/i.test(message ?? '');
}
