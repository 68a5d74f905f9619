import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { emailField } from './email';

const passwordRequired = z.string({ error: 'validation_password_required' }).min(1, 'validation_password_required');

export const passwordSchema = passwordRequired.refine(
  (value) => value.length === 0 || value.length >= PASSWORD_MIN_LENGTH,
  'validation_password_short',
);

export const loginSchema = z.object({
  email: emailField(),
  password: passwordRequired,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registrationSchema = z
  .object({
    email: emailField(),
    password: passwordSchema,
    repeatPassword: z.string({ error: 'validation_password_mismatch' }),
    terms: z.boolean({ error: 'validation_terms_required' }).refine((v) => v, 'validation_terms_required'),
  })
  .refine((value) => value.password === value.repeatPassword, {
    message: 'validation_password_mismatch',
    path: ['repeatPassword'],
  });
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const passwordResetSchema = z.object({ email: emailField() });
