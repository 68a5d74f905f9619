import { z } from 'zod';
import { emailField } from './email';
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
  // The shared email rule: one address only (the invitation goes to it, and the daily quota counts it).
  email: emailField('email_error', 'email_error'),
});
export type SubUserInput = z.infer<typeof subUserInputSchema>;

/** A sub-user as the api lists it. */
export const subUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.string() });

/** GET /user/subusers/max-allowed. */
export const subUserMaxAllowedSchema = z.object({ max_allowed: z.number() });
export type SubUserMaxAllowed = z.infer<typeof subUserMaxAllowedSchema>;
