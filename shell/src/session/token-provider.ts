// The http client's token source (TokenProvider of @portal/shared): the identity service and the session store,
// nothing that needs the http client, so client and session controller are built one after the other.
import type { TokenProvider } from '@portal/shared';
import type { IdentityGateway } from '../identity/identity-gateway';
import { patchSession, type SessionStore } from './session-store';

export interface TokenProviderDeps {
  identity: IdentityGateway;
  store: SessionStore;
  /** Tells the user once that the session expired. */
  onExpired(): void;
  log?: (message: string, error?: unknown) => void;
}

export function createTokenProvider({ identity, store, onExpired, log = console.warn }: TokenProviderDeps) {
  const tokens: TokenProvider = {
    async getToken() {
      const stored = store.getState().token;
      if (stored) return stored;
      const token = await identity.getIdToken();
      if (token) patchSession(store, { token });
      return token;
    },
    /** Forces a new token (user.getIdToken(true)) and stores it. */
    async refreshToken() {
      const token = await identity.getIdToken(true);
      patchSession(store, { token });
      return token;
    },
    isSessionExpired: () => store.getState().sessionExpired,
    /**
     * A failed refresh flags the session expired (every call then throws), tells the user once and
     * signs out; the session controller clears the session on the sign-out and RequireAuth sends the user to /login.
     * With nobody signed in (a call made after sign-out) nothing expired: just make sure the identity is signed out.
     */
    async onRefreshFailed() {
      const { user, sessionExpired } = store.getState();
      try {
        if (user && sessionExpired) return;
        if (user) {
          patchSession(store, { sessionExpired: true });
          onExpired();
        }
        await identity.signOut();
      } catch (error) {
        log('Sign-out after the failed token refresh failed', error);
      }
    },
  };
  return tokens;
}
