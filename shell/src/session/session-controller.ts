// The session's life: sign-in bootstrap, data initialisation, refresh, sign-out. Framework-free so tests drive it with fakes.
import { isNotFoundError, type HttpClient, type SessionDataPart, type SessionPart } from '@portal/shared';
import type { ApiUser, AuthUser } from '@portal/shared/domain';
import type { IdentityGateway } from '../identity/identity-gateway';
import { emptySession, patchSession, type SessionData, type SessionStore } from './session-store';
import {
  createApiUser,
  fetchApiUser,
  fetchDataSource,
  fetchLicenses,
  fetchProfile,
  isAccountInactive,
} from './load-session-data';
import { fetchPendingOverage } from '../overage/overage-api';

/** Backend-user poll after sign-in (the api user may still be in the making): 3 attempts 2000 ms apart, then every 2000 ms until found. */
export const USER_POLL_INTERVAL_MS = 2000;
export const USER_POLL_FIRST_ATTEMPTS = 3;

export interface SessionControllerDeps {
  identity: IdentityGateway;
  http: HttpClient;
  store: SessionStore;
  log?: (message: string, error?: unknown) => void;
}

export interface SessionController {
  /** Subscribes to the identity service; returns the unsubscribe function. */
  start(): () => void;
  /** Reloads a part; never rejects: a failure is kept in `failedParts`, so screens can say what failed. */
  refresh(part: SessionPart): Promise<void>;
  /** Signs out and clears token, user, ready and initialised flags. */
  signOut(): Promise<void>;
  /** Marks the user as set after registration (its last step). */
  setUser(user: AuthUser): void;
  /**
   * Registration runs: public routes must not redirect to /dashboard before it ends. It is a new sign-in, so an
   * expired session no longer blocks its calls.
   */
  beginAuthFlow(): void;
  endAuthFlow(): void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const DATA_PARTS = ['profile', 'dataSource', 'licenses', 'pendingOverage'] as const;

export function createSessionController({
  identity,
  http,
  store,
  log = console.warn,
}: SessionControllerDeps): SessionController {
  // Each sign-in starts a new generation; a sign-out or another sign-in makes older loops stop.
  let generation = 0;

  const set = (patch: Partial<Omit<SessionData, 'initialized'>>) => patchSession(store, patch);
  const clear = () => set({ ...emptySession, authResolved: true });
  const markFailed = (part: SessionDataPart, failed: boolean) => [
    ...store.getState().failedParts.filter((other) => other !== part),
    ...(failed ? [part] : []),
  ];

  const loaders = {
    user: (email: string) => fetchApiUser(http, email),
    profile: () => fetchProfile(http),
    dataSource: (email: string) => fetchDataSource(http, email),
    licenses: () => fetchLicenses(http),
    pendingOverage: () => fetchPendingOverage(http),
  };

  type PartResult = { part: SessionDataPart; value: unknown } | { part: SessionDataPart; error: unknown };

  /** Fetches one part; never rejects (the result carries the failure). */
  async function fetchPart(part: SessionDataPart, email: string): Promise<PartResult> {
    try {
      return { part, value: await loaders[part](email) };
    } catch (error) {
      log(`Loading ${part} failed`, error);
      return { part, error };
    }
  }

  /**
   * The store patch of fetched parts: each value, or its failure kept in failedParts (an inactive account is flagged
   * instead). Parts fetched together are stored together: one update, so the pages render once for all of them.
   */
  function patchOf(results: PartResult[]): Partial<SessionData> {
    let failedParts = store.getState().failedParts;
    const patch: Partial<SessionData> = {};
    for (const result of results) {
      const failed = 'error' in result && !isAccountInactive(result.error);
      failedParts = [...failedParts.filter((other) => other !== result.part), ...(failed ? [result.part] : [])];
      if (!('error' in result))
        Object.assign(patch, { [result.part === 'user' ? 'apiUser' : result.part]: result.value });
      else if (!failed) patch.accountInactive = true;
    }
    return { ...patch, failedParts };
  }

  /** Loads one part; a failure is kept in failedParts (an inactive account is flagged instead). */
  async function load(part: SessionDataPart, email: string, run: number) {
    const result = await fetchPart(part, email);
    if (run === generation) set(patchOf([result]));
  }

  /** GET /user; still missing after the first tries = a registration whose POST /user failed: create it now. */
  async function findOrCreateApiUser(user: AuthUser, attempt: number): Promise<ApiUser> {
    try {
      return await fetchApiUser(http, user.email);
    } catch (error) {
      if (!isNotFoundError(error) || attempt < USER_POLL_FIRST_ATTEMPTS) throw error;
      log('User not found on the backend: creating it', error);
      return createApiUser(http, user);
    }
  }

  /**
   * Polling: "not found" keeps polling every 2000 ms; an inactive account stops at once; any other error
   * stops after the 3 tries, and the user part is marked failed (the layout then offers Retry).
   */
  async function pollApiUser(user: AuthUser, run: number): Promise<ApiUser | null> {
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await findOrCreateApiUser(user, attempt);
      } catch (error) {
        if (run !== generation) return null;
        const inactive = isAccountInactive(error);
        if (inactive || (!isNotFoundError(error) && ++failures >= USER_POLL_FIRST_ATTEMPTS)) {
          log('Loading the user from the backend failed', error);
          set(inactive ? { accountInactive: true } : { failedParts: markFailed('user', true) });
          return null;
        }
      }
      await wait(USER_POLL_INTERVAL_MS);
      if (run !== generation) return null;
    }
  }

  async function loadUserAndData(user: AuthUser, run: number) {
    const apiUser = await pollApiUser(user, run);
    if (!apiUser || run !== generation) return;
    set({ apiUser, ready: true, failedParts: markFailed('user', false) });
    const results = await Promise.all(DATA_PARTS.map((part) => fetchPart(part, user.email)));
    if (run === generation) set({ ...patchOf(results), dataLoaded: true });
  }

  async function handleSignedIn(user: AuthUser) {
    const run = ++generation;
    // A new sign-in ends an expired session; cleared before any call of this sign-in is made.
    set({ ...emptySession, user, authResolved: true, sessionExpired: false });
    try {
      const token = await identity.getIdToken();
      if (run !== generation) return;
      set({ token });
    } catch (error) {
      // Auth init error: clear the stored user, token and flags and sign out, so no half-signed-in state remains.
      log('Authentication init failed', error);
      generation++;
      clear();
      await identity.signOut().catch(() => undefined);
      return;
    }
    await loadUserAndData(user, run);
  }

  function handleSignedOut() {
    generation++;
    clear();
  }

  async function refresh(part: SessionPart) {
    const { user, apiUser } = store.getState();
    if (!user) return;
    if (part !== 'all' && (part !== 'user' || apiUser)) return load(part, user.email, generation);
    // A full reload, or Retry after a failed bootstrap: the sign-in path again, without a new token.
    set({ failedParts: [], accountInactive: false, dataLoaded: false });
    await loadUserAndData(user, ++generation);
  }

  return {
    start() {
      return identity.onAuthStateChanged((user) => {
        if (user) void handleSignedIn(user);
        else handleSignedOut();
      });
    },
    refresh,
    async signOut() {
      handleSignedOut();
      await identity.signOut();
    },
    setUser(user) {
      set({ user });
    },
    beginAuthFlow() {
      set({ authFlowBusy: true, sessionExpired: false });
    },
    endAuthFlow() {
      set({ authFlowBusy: false });
    },
  };
}
