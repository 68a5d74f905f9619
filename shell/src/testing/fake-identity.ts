// In-memory identity service for tests: records calls, fires auth-state callbacks like Firebase does.
import type { AuthUser } from '@portal/shared/domain';
import type { IdentityGateway } from '../identity/identity-gateway';

export interface FakeIdentity extends IdentityGateway {
  calls: string[];
  /** Makes the next call of `method` reject with an identity error `code` ('getIdToken:force' = a forced refresh). */
  failNext(method: keyof IdentityGateway | 'getIdToken:force', code: string): void;
  emit(user: AuthUser | null): void;
}

export function makeUser(email = 'seller@shop.test', overrides: Partial<AuthUser> = {}): AuthUser {
  return { uid: `uid-${email}`, email, displayName: null, emailVerified: false, ...overrides };
}

export function createFakeIdentity(initialUser: AuthUser | null = null): FakeIdentity {
  let current = initialUser;
  const listeners = new Set<(user: AuthUser | null) => void>();
  const failures = new Map<string, string>();
  const calls: string[] = [];

  const emit = (user: AuthUser | null) => {
    current = user;
    listeners.forEach((listener) => listener(user));
  };
  async function step(method: string) {
    calls.push(method);
    const code = failures.get(method);
    if (code) {
      failures.delete(method);
      throw Object.assign(new Error(`Firebase: Error (${code}).`), { code });
    }
  }

  return {
    calls,
    emit,
    failNext: (method, code) => failures.set(method, code),
    async signIn(email) {
      await step('signIn');
      emit(makeUser(email));
      return current!;
    },
    async signUp(email) {
      await step('signUp');
      emit(makeUser(email));
      return current!;
    },
    async signOut() {
      await step('signOut');
      emit(null);
    },
    sendPasswordReset: (email) => step(`sendPasswordReset:${email}`),
    sendEmailVerification: () => step('sendEmailVerification'),
    async reloadUser() {
      await step('reloadUser');
      return current;
    },
    async getIdToken(forceRefresh = false) {
      await step(forceRefresh ? 'getIdToken:force' : 'getIdToken');
      return current ? `token-${current.uid}${forceRefresh ? '-fresh' : ''}` : null;
    },
    currentUser: () => current,
    onAuthStateChanged(callback) {
      listeners.add(callback);
      // Firebase reports the current state right after subscribing.
      queueMicrotask(() => listeners.has(callback) && callback(current));
      return () => listeners.delete(callback);
    },
  };
}
