import { z } from 'zod';
import { EMAIL_MAX, EMAIL_REGEX } from './email';
import { isSafePersonName, PERSON_NAME_MAX, plainText } from './text';

/**
 * A sub-user's name: it is quoted in the invitation mail, so one line, at most 100 characters, nothing that reads
 * as a link ('name_invalid').
 */
export const subUserNameSchema = z
  .string({ error: 'name_error' })
  .trim()
  .min(1, 'name_error')
  .max(PERSON_NAME_MAX, 'name_too_long')
  .check(plainText({ message: 'name_invalid' }))
  .refine((value) => value.length === 0 || isSafePersonName(value), 'name_invalid');

/** Add-sub-user modal / POST /user/subusers body. */
export const subUserInputSchema = z.object({
  name: subUserNameSchema,
  email: z
    .string({ error: 'email_error' })
    .trim()
    .min(1, 'email_error')
    .max(EMAIL_MAX, 'email_error')
    .check(plainText({ message: 'email_error' }))
    .refine((value) => value.length === 0 || EMAIL_REGEX.test(value), 'email_error'),
});
export type SubUserInput = z.infer<typeof subUserInputSchema>;

/** A sub-user as the api lists it. */
export const subUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.string() });

/** GET /user/subusers/max-allowed. */
export const subUserMaxAllowedSchema = z.object({ max_allowed: z.number() });
export type SubUserMaxAllowed = z.infer<typeof subUserMaxAllowedSchema>;
