import { readApiError } from '../../lib/api-error';

/**
 * Spec §8 Database: a slug containing email-not-verified → error_email_not_verified; otherwise the server's message
 * when it sent one, else the fallback key. Returns either a key (translated by the caller) or a server text.
 */
export function connectionErrorMessage(error: unknown, fallbackKey: string, t: (key: string) => string): string {
  const { slug, message } = readApiError(error);
  if (slug?.includes('email-not-verified')) return t('error_email_not_verified');
  return message ?? t(fallbackKey);
}
