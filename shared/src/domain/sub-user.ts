import { z } from 'zod';
import { EMAIL_REGEX } from './email';

/** Add-sub-user modal / POST /user/subusers body. */
export const subUserInputSchema = z.object({
  name: z.string({ error: 'name_error' }).trim().min(1, 'name_error'),
  email: z
    .string({ error: 'email_error' })
    .trim()
    .min(1, 'email_error')
    .refine((value) => value.length === 0 || EMAIL_REGEX.test(value), 'email_error'),
});
export type SubUserInput = z.infer<typeof subUserInputSchema>;

/** A sub-user as the api lists it. */
export const subUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.string() });

/** At or above the maximum the add button is disabled ('max_users_reached'). */
export function canAddSubUser(count: number, maxAllowed: number): boolean {
  return count < maxAllowed;
}
