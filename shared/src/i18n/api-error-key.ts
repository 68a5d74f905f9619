import { HTTP_ERROR_STATUSES, isApiErrorSlug } from '../domain/errors';

/** 'email-in-use' → 'api_error_email_in_use'. */
export function slugKey(slug: string): string {
  return `api_error_${slug.replace(/-/g, '_')}`;
}

/**
 * The `common` key to show for a failed call: the slug's text, else the status' text (`http_error_<status>`),
 * else `unknown_error`. UI: `t(apiErrorKey(err), { ns: 'common' })`.
 */
export function apiErrorKey(error: unknown): string {
  const { slug, status } = (error ?? {}) as { slug?: unknown; status?: unknown };
  if (isApiErrorSlug(slug)) return slugKey(slug);
  if ((HTTP_ERROR_STATUSES as readonly number[]).includes(status as number)) return `http_error_${status}`;
  return 'unknown_error';
}
