import { z } from 'zod';
import { languageSchema } from './api-inputs';

/** GET /user answer. */
export const apiUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  parentUserId: z.string().nullable(),
  language: languageSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
});

/** GET /user/freshdesk-api-key: the account's key for the Freshdesk app (created on the first call). */
export const freshdeskApiKeyResponseSchema = z.object({ api_key: z.string() });
export type FreshdeskApiKeyResponse = z.infer<typeof freshdeskApiKeyResponseSchema>;
