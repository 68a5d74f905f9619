// The shell's only door to the identity service. Firebase lives in firebase-identity.ts, loaded on demand by
// lazy-identity.ts; tests inject a fake.
import type { AuthUser } from '@portal/shared/domain';

export interface IdentityGateway {
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  sendEmailVerification(): Promise<void>;
  /** Reloads the current user from the identity service. */
  reloadUser(): Promise<AuthUser | null>;
  /** ID token of the current user; forceRefresh asks the service for a new one. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  currentUser(): AuthUser | null;
  /** Calls back with the user on every sign-in/sign-out; returns the unsubscribe function. */
  onAuthStateChanged(callback: (user: AuthUser | null) => void): () => void;
  /** Starts loading the identity service ahead of use (typing into a sign-in form); gateways loaded at once skip it. */
  prefetch?(): void;
}

/** Error thrown by the identity service; `code` is like 'auth/invalid-credential'. */
export interface IdentityError extends Error {
  code?: string;
}

export function identityErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof (error as IdentityError).code === 'string') {
    return (error as IdentityError).code;
  }
  return undefined;
}
