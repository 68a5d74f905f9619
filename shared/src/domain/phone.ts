import { PHONE_MAX_DIGITS } from './constants';

/** Digits only (what is sent to the api). */
export function phoneDigits(input: string | null | undefined): string {
  return (input ?? '').replace(/\D/g, '');
}

/**
 * Live phone formatting: keeps digits and one leading plus, groups 2-3-3-3-3-3, at most 17 digits.
 * '+4917012345678' → '+49 170 123 456 78'.
 */
export function formatPhone(input: string | null | undefined): string {
  const raw = input ?? '';
  const plus = raw.replace(/[^\d+]/g, '').startsWith('+') ? '+' : '';
  const digits = phoneDigits(raw).slice(0, PHONE_MAX_DIGITS);
  const groups: string[] = [];
  if (digits.length > 0) groups.push(digits.slice(0, 2));
  for (let i = 2; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return plus + groups.join(' ');
}
