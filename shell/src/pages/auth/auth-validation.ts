// Spec §5 rules for the sign-in screens, from @portal/shared/domain; each returns the first message key or null.
import { emailSchema, loginSchema, passwordSchema } from '@portal/shared/domain';

interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

function firstIssue(schema: Schema, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'error_unexpected');
}

export const validateEmail = (email: string) => firstIssue(emailSchema, email);
/** Registration: required and at least 6 characters. */
export const validatePassword = (password: string) => firstIssue(passwordSchema, password);
/** Sign-in: required only (an existing account may predate the length rule). */
export const validateLoginPassword = (password: string) => firstIssue(loginSchema.shape.password, password);

export function validatePasswordRepeat(password: string, repeat: string): string | null {
  return repeat === password && repeat.length > 0
    ? null
    : repeat.length === 0
      ? 'validation_password_required'
      : 'validation_password_mismatch';
}

export function validateTerms(accepted: boolean): string | null {
  return accepted ? null : 'validation_terms_required';
}

/** Spec §8 sign-in/sign-up error codes → message keys. */
export function authErrorMessageKey(code: string | undefined): string {
  switch (code) {
    case 'auth/invalid-credential':
      return 'error_invalid_credentials';
    case 'auth/user-not-found':
      return 'error_user_not_found';
    case 'auth/wrong-password':
      return 'error_wrong_password';
    case 'auth/email-already-in-use':
      return 'error_email_in_use';
    default:
      return 'error_unexpected';
  }
}
