/** Sign-in/sign-up error codes of the identity service → message keys (shell namespace). */
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
