// What a plugin running in a seller's shop sends to ask "is this license valid here?" and to report usage,
// and what it gets back. Plugins authenticate with the license key alone; answers never name the owner.
import { z } from 'zod';
import { pluginNameSchema } from './catalogue';
import { EMAIL_QUOTA_BASE_DEFAULT } from './constants';

export const LICENSE_CHECK_CODES = [
  'VALID',
  'NOT_FOUND',
  'EXPIRED',
  /** The paid period is over and its renewal payment failed; the payment grace is over too. Paying restores it. */
  'PAYMENT_OVERDUE',
  'INACTIVE',
  'WRONG_PLUGIN',
  'TOO_MANY_REGISTRATIONS',
] as const;
export type LicenseCheckCode = (typeof LICENSE_CHECK_CODES)[number];

export const LICENSE_IDENTIFIER_MAX_LENGTH = 255;

const identifierValue = z
  .string({ error: 'validation_identifier_invalid' })
  .trim()
  .min(1, { error: 'validation_identifier_invalid' })
  .max(LICENSE_IDENTIFIER_MAX_LENGTH, { error: 'validation_identifier_invalid' });

/** One place a license is used (email, domain, ip or deviceInfo), each value checked for its type. */
export const licenseIdentifierSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('email'),
    value: identifierValue.pipe(z.email({ error: 'validation_identifier_invalid' })).transform((v) => v.toLowerCase()),
  }),
  z.object({
    type: z.literal('domain'),
    value: identifierValue
      .transform((v) => v.toLowerCase().replace(/\.$/, ''))
      .pipe(z.hostname({ error: 'validation_identifier_invalid' }))
      .refine((v) => v.includes('.'), { error: 'validation_identifier_invalid' }),
  }),
  z.object({
    type: z.literal('ip'),
    value: identifierValue.pipe(
      z.union([z.ipv4(), z.ipv6()], { error: 'validation_identifier_invalid' }).transform((v) => v.toLowerCase()),
    ),
  }),
  z.object({
    type: z.literal('deviceInfo'),
    value: identifierValue.refine((v) => !/[\p{Cc}]/u.test(v), { error: 'validation_identifier_invalid' }),
  }),
]);
export type LicenseIdentifier = z.infer<typeof licenseIdentifierSchema>;

/** Any string is accepted as a key: a malformed one is answered NOT_FOUND like an unknown one (no enumeration). */
export const licenseCheckRequestSchema = z.object({
  key: z.string({ error: 'validation_key_required' }).max(1024, { error: 'validation_key_required' }),
  plugin: pluginNameSchema,
  identifier: licenseIdentifierSchema,
});
export type LicenseCheckRequest = z.input<typeof licenseCheckRequestSchema>;

export const licenseCheckResponseSchema = z.object({
  valid: z.boolean(),
  code: z.enum(LICENSE_CHECK_CODES),
  /** Only for a key that exists and belongs to the plugin: expiry (null = none) and registrations used/allowed. */
  expiresAt: z.string().nullable().optional(),
  /**
   * Only while a renewal payment is open: the license works until then although expiresAt has passed (the payment
   * grace); afterwards the answer is PAYMENT_OVERDUE until the seller pays.
   */
  paymentGraceUntil: z.string().nullable().optional(),
  registrations: z.object({ used: z.number(), max: z.number() }).optional(),
});
export type LicenseCheckResponse = z.infer<typeof licenseCheckResponseSchema>;

/** 'YYYY-MM' in UTC. */
export const usageMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation_month_invalid' });

export function usageMonthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** More emails than this in a month from one shop is not a real report. */
export const MAX_REPORTED_EMAILS_PER_MONTH = 10_000_000;

/** fresh_desk plugin: emails sent in a month (the running total; a later report replaces an earlier one). */
export const usageReportSchema = z.object({
  key: z.string({ error: 'validation_key_required' }).max(1024, { error: 'validation_key_required' }),
  month: usageMonthSchema.optional(),
  emails_sent: z
    .number({ error: 'validation_emails_sent_invalid' })
    .int({ error: 'validation_emails_sent_invalid' })
    .min(0, { error: 'validation_emails_sent_invalid' })
    .max(MAX_REPORTED_EMAILS_PER_MONTH, { error: 'validation_emails_sent_invalid' }),
});

/** POST /license/usage answer: the month and the running total the api keeps. */
export const usageReportAnswerSchema = z.object({ month: z.string(), emails_sent: z.number() });

/** The seller's view of a month: emails used and included (base quota + extra blocks × 1000). */
export const licenseUsageSchema = z.object({
  licenseId: z.string(),
  month: z.string(),
  used: z.number(),
  included: z.number(),
});
export type LicenseUsage = z.infer<typeof licenseUsageSchema>;

/** Emails a month a license includes: the base quota plus the bought extra emails (blocks × 1000). */
export function includedEmailsPerMonth(options: { email_quota_base?: number; extra_email_count?: number }): number {
  return (options.email_quota_base ?? EMAIL_QUOTA_BASE_DEFAULT) + (options.extra_email_count ?? 0);
}
