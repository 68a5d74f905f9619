import { z } from 'zod';
import { plainText } from './text';

/** name @ domain . tld (tld at least 2 letters), spec §5. */
export const EMAIL_REGEX = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** RFC 5321's limit of a forward path. */
export const EMAIL_MAX = 254;

export function isValidEmail(value: string | null | undefined): boolean {
  return typeof value === 'string' && EMAIL_REGEX.test(value.trim());
}

/** Required + valid email, with caller-chosen message keys. */
export function emailField(requiredKey = 'validation_email_required', invalidKey = 'validation_email_invalid') {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(EMAIL_MAX, invalidKey)
    .check(plainText({ message: invalidKey }))
    .refine((value) => value.length === 0 || EMAIL_REGEX.test(value), invalidKey);
}

export const emailSchema = emailField();

/** One form of an address for storing and comparing (the api keeps emails lower-case). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** A required, valid email, normalised: request fields the api stores or compares. */
export const normalizedEmailSchema = emailSchema.transform(normalizeEmail);
