/** Status → message mapping of spec §8. */
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

/** "A message containing not found or not-found is treated as an empty list" (spec §8). */
export function isNotFoundMessage(message: string | null | undefined): boolean {
  return /not[ -]found/i.test(message ?? '');
}
