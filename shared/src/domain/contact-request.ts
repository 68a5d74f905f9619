import { z } from 'zod';
import { EMAIL_REGEX } from './email';
import { PHONE_DEFAULT_PREFIX } from './constants';
import { phoneDigits } from './phone';

const required = (key: string) => z.string({ error: key }).trim().min(1, key);

/** POST /user/contact-us body (phone digits only). */
export const contactRequestSchema = z.object({
  name: required('name_required').max(200, 'validation_too_long'),
  phone: z
    .string({ error: 'phone_required' })
    .transform(phoneDigits)
    // The prefilled country prefix alone is no phone number.
    .pipe(
      z
        .string()
        .min(1, 'phone_required')
        .max(17, 'phone_invalid')
        .refine((digits) => digits !== phoneDigits(PHONE_DEFAULT_PREFIX), 'phone_required'),
    ),
  email: required('email_required').refine((v) => v.length === 0 || EMAIL_REGEX.test(v), 'email_invalid'),
  message: required('message_required').max(5000, 'message_too_long'),
});
export type ContactRequestInput = z.infer<typeof contactRequestSchema>;

/** The 'Need help?' form: the request plus the privacy consent (checkbox_required). */
export const contactFormSchema = contactRequestSchema.extend({
  consent: z.boolean({ error: 'checkbox_required' }).refine((v) => v, 'checkbox_required'),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
