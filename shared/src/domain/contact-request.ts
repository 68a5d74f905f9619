import { z } from 'zod';
import { EMAIL_REGEX, EMAIL_MAX } from './email';
import { PHONE_DEFAULT_PREFIX } from './constants';
import { phoneDigits } from './phone';
import { plainText } from './text';

const required = (key: string) => z.string({ error: key }).trim().min(1, key);

export const CONTACT_MESSAGE_MAX = 5000;

/** POST /user/contact-us body (phone digits only). */
export const contactRequestSchema = z.object({
  // The name goes into the subject of the mail to support: one line.
  name: required('name_required').max(200, 'validation_too_long').check(plainText()),
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
  email: required('email_required')
    .max(EMAIL_MAX, 'email_invalid')
    .check(plainText({ message: 'email_invalid' }))
    .refine((v) => v.length === 0 || EMAIL_REGEX.test(v), 'email_invalid'),
  message: required('message_required')
    .max(CONTACT_MESSAGE_MAX, 'message_too_long')
    .check(plainText({ multiline: true })),
});
export type ContactRequestInput = z.infer<typeof contactRequestSchema>;

/** The 'Need help?' form: the request plus the privacy consent (checkbox_required). */
export const contactFormSchema = contactRequestSchema.extend({
  consent: z.boolean({ error: 'checkbox_required' }).refine((v) => v, 'checkbox_required'),
});
