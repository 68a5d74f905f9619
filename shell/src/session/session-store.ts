import { createStore } from 'zustand/vanilla';
import { deriveSessionFlags, type SessionFacts } from '@portal/shared';

/** The session's data as in the contract (user, apiUser, profile …, failedParts, accountInactive) and the shell's flags. */
export interface SessionData extends SessionFacts {
  /** Firebase ID token of the signed-in user. */
  token: string | null;
  /** True once the identity service told us whether someone is signed in. */
  authResolved: boolean;
  /** The api user was found (end of the polling after sign-in). */
  ready: boolean;
  /** The session's data initialisation finished successfully; derived with `deriveSessionFlags` (never set directly). */
  initialized: boolean;
  /** The session's data initialisation ran (successfully or not); screens stop showing skeletons. */
  dataLoaded: boolean;
  /** Registration is running: public routes must not redirect to /dashboard before it ends. */
  authFlowBusy: boolean;
  /**
   * Set when the token refresh failed; while set every http call throws 'Session expired…'.
   * Survives the sign-out it causes (not part of emptySession) and clears on the next sign-in.
   */
  sessionExpired: boolean;
}

export const emptySession: Omit<SessionData, 'authResolved' | 'authFlowBusy' | 'sessionExpired'> = {
  token: null,
  user: null,
  ready: false,
  initialized: false,
  dataLoaded: false,
  apiUser: null,
  profile: null,
  dataSource: null,
  licenses: [],
  pendingOverage: [],
  failedParts: [],
  accountInactive: false,
};

export function createSessionStore(initial: Partial<SessionData> = {}) {
  return createStore<SessionData>(() => ({
    ...emptySession,
    authResolved: false,
    authFlowBusy: false,
    sessionExpired: false,
    ...initial,
  }));
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** Applies a patch and derives `initialized` from the result, in one update (the shared fakes derive it the same way). */
export function patchSession(store: SessionStore, patch: Partial<Omit<SessionData, 'initialized'>>): void {
  store.setState((state) => ({ ...patch, initialized: deriveSessionFlags({ ...state, ...patch }).initialized }));
}
