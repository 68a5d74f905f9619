// Request schemas the api validates with (and clients may pre-check). Messages are i18n keys of `common`.
import { z } from 'zod';
import { normalizedEmailSchema } from './email';
import { LANGUAGES } from './enums';
import { plainText } from './text';

export const languageSchema = z.enum(LANGUAGES, { error: 'validation_language_invalid' });

/** PUT /user/profile/language */
export const languageInputSchema = z.object({ language: languageSchema });
export type LanguageInput = z.infer<typeof languageInputSchema>;

/** POST /user: Id must equal the token uid (checked by the api). */
export const userCreateSchema = z.object({
  Id: z.string().trim().min(1, 'validation_id_required').max(128, 'validation_id_required').check(plainText()),
  Email: normalizedEmailSchema,
});

/** PUT /user/profile/verify-reminder */
export const verifyReminderInputSchema = z.object({
  verifyReminder: z.boolean({ error: 'validation_verifyReminder_invalid' }),
});
