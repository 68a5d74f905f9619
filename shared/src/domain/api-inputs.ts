// Request schemas the api validates with (and clients may pre-check). Messages are i18n keys of `common`.
import { z } from 'zod';
import { normalizedEmailSchema } from './email';
import { DATA_LOAD_PAGE } from './constants';

export const languageSchema = z.enum(['de', 'en'], { error: 'validation_language_invalid' });

/** PUT /user/profile/language */
export const languageInputSchema = z.object({ language: languageSchema });

/** POST /user: Id must equal the token uid (checked by the api). */
export const userCreateSchema = z.object({
  Id: z.string().trim().min(1, 'validation_id_required'),
  Email: normalizedEmailSchema,
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** PUT /user/profile/verify-reminder */
export const verifyReminderInputSchema = z.object({ verifyReminder: z.boolean() });

const positiveInt = (fallback: number, max: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : Number(v)), z.number().int().min(1).max(max));

/** ?page=&pageSize= (page starts at 1; defaults: the data-load page 1 / 100). */
export const pageQuerySchema = z.object({
  page: positiveInt(DATA_LOAD_PAGE.page, 100_000),
  pageSize: positiveInt(DATA_LOAD_PAGE.pageSize, 100),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** ?limit=&offset= (invoice list). */
export const limitOffsetQuerySchema = z.object({
  limit: z.preprocess((v) => (v === undefined || v === '' ? 10 : Number(v)), z.number().int().min(1).max(100)),
  offset: z.preprocess((v) => (v === undefined || v === '' ? 0 : Number(v)), z.number().int().min(0)),
});
