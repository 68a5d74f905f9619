import { z } from 'zod';

/**
 * Characters no single address may carry: whitespace and control characters, invisible format characters (a
 * zero-width space makes an address look like another one), and the RFC 5322 specials a mailer reads as a list
 * separator (`,` `;`), a display name (`<` `>`), a comment (`(` `)`), a quoted string (`"`) or a route (`:` `[`
 * `]` `\`). "a;victim@x.de" would count as one new address but be delivered to victim@x.de.
 */
const NOT_IN_ADDRESS = String.raw`\s,;<>()[\]\\:"\p{Cc}\p{Cf}\p{Cs}\p{Co}`;
const FORBIDDEN = new RegExp(`[${NOT_IN_ADDRESS}]`, 'u');
/** One character of a local part or domain: none of NOT_IN_ADDRESS and no `@`. */
const ADDRESS_CHAR = `[^@${NOT_IN_ADDRESS}]`;

/**
 * Whether `value` can only be one address: none of the characters above and at most one `@`. Says nothing about
 * the address's shape otherwise (EMAIL_REGEX does).
 */
export function isSingleAddress(value: string): boolean {
  return !FORBIDDEN.test(value) && value.indexOf('@') === value.lastIndexOf('@');
}

/** name @ domain . tld (tld at least 2 letters): exactly one `@`, and nothing isSingleAddress refuses. */
export const EMAIL_REGEX = new RegExp(`^${ADDRESS_CHAR}+@${ADDRESS_CHAR}+\\.[A-Za-z]{2,}$`, 'u');

/** The i18n key of an address that is not one plain address (a list, a display name, blanks or controls in it). */
export const EMAIL_SINGLE_KEY = 'validation_email_single';

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
    .refine((value) => value.length === 0 || isSingleAddress(value), EMAIL_SINGLE_KEY)
    .refine((value) => value.length === 0 || !isSingleAddress(value) || EMAIL_REGEX.test(value), invalidKey);
}

export const emailSchema = emailField();

/** One form of an address for storing and comparing (the api keeps emails lower-case). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** A required, valid email, normalised: request fields the api stores or compares. */
export const normalizedEmailSchema = emailSchema.transform(normalizeEmail);
