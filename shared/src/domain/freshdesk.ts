import { z } from 'zod';

/**
 * Spec §5: an API key containing a colon is rejected as invalid (a colon would break the `key:X` basic-auth
 * form the Freshdesk app builds from it). Empty or blank keys are invalid too.
 */
export function isValidFreshdeskApiKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && key.trim().length > 0 && !key.includes(':');
}

/** GET /user/freshdesk-api-key: the account's key for the Freshdesk app (created on the first call). */
export const freshdeskApiKeyResponseSchema = z.object({ api_key: z.string() });
export type FreshdeskApiKeyResponse = z.infer<typeof freshdeskApiKeyResponseSchema>;
