// Spec §4: sign-in bootstrap, data initialisation, refresh, sign-out. Framework-free so tests drive it with fakes.
import type { HttpClient, SessionPart } from '@portal/shared';
import type { AuthUser } from '@portal/shared/domain';
import type { IdentityGateway } from '../identity/identity-gateway';
import { emptySession, type SessionData, type SessionStore } from './session-store';
import {
  fetchApiUser,
  fetchDataSource,
  fetchLicenses,
  fetchPendingOverage,
  fetchProfile,
  UnauthorizedDataSourceError,
} from './load-session-data';

/** Spec §9: backend-user poll, 3 attempts 2000 ms apart, then every 2000 ms until found. */
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
  refresh(part: SessionPart): Promise<void>;
  /** Signs out and clears token, user, ready and initialised flags. */
  signOut(): Promise<void>;
  /** Current token, fetching it from the identity service when none is stored yet. */
  getToken(): Promise<string | null>;
  /** Forces a new token (user.getIdToken(true)) and stores it. */
  refreshToken(): Promise<string | null>;
  /** Marks the user as set after registration (§4 "then set the user"). */
  setUser(user: AuthUser): void;
  /** Spec §7/§8: flags the session expired (every http call then throws) and signs out. */
  expire(): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSessionController({
  identity,
  http,
  store,
  log = console.warn,
}: SessionControllerDeps): SessionController {
  // Each sign-in starts a new generation; a sign-out or another sign-in makes older loops stop.
  let generation = 0;

  const set = (patch: Partial<SessionData>) => store.setState(patch);
  const clear = () => set({ ...emptySession, authResolved: true });

  async function pollApiUser(email: string, run: number) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetchApiUser(http, email);
      } catch (error) {
        if (attempt === USER_POLL_FIRST_ATTEMPTS)
          log('User not found on the backend yet, polling every 2000 ms', error);
      }
      await wait(USER_POLL_INTERVAL_MS);
      if (run !== generation) return null;
    }
  }

  async function initialiseData(run: number) {
    const email = store.getState().user?.email ?? '';
    const [profile, dataSource, licenses, pendingOverage] = await Promise.allSettled([
      fetchProfile(http),
      fetchDataSource(http, email),
      fetchLicenses(http),
      fetchPendingOverage(http),
    ]);
    if (run !== generation) return;
    const patch: Partial<SessionData> = {};
    if (profile.status === 'fulfilled') patch.profile = profile.value;
    if (dataSource.status === 'fulfilled') patch.dataSource = dataSource.value;
    if (licenses.status === 'fulfilled') patch.licenses = licenses.value;
    if (pendingOverage.status === 'fulfilled') patch.pendingOverage = pendingOverage.value;
    const results = [profile, dataSource, licenses, pendingOverage];
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    failures.forEach((failure) => log('Data initialisation call failed', failure.reason));
    const unauthorized = dataSource.status === 'rejected' && dataSource.reason instanceof UnauthorizedDataSourceError;
    patch.initialized = failures.length === 0 && !unauthorized;
    patch.dataLoaded = true;
    set(patch);
  }

  async function handleSignedIn(user: AuthUser) {
    const run = ++generation;
    // A new sign-in ends an expired session; cleared before any call of this sign-in is made.
    set({ user, authResolved: true, ready: false, initialized: false, dataLoaded: false, sessionExpired: false });
    try {
      const token = await identity.getIdToken();
      if (run !== generation) return;
      set({ token });
    } catch (error) {
      // Auth init error: clear the stored user, token and flags and sign out (§4).
      log('Authentication init failed', error);
      generation++;
      clear();
      await identity.signOut().catch(() => undefined);
      return;
    }
    const apiUser = await pollApiUser(user.email, run);
    if (!apiUser || run !== generation) return;
    set({ apiUser, ready: true });
    await initialiseData(run);
  }

  function handleSignedOut() {
    generation++;
    clear();
  }

  async function refresh(part: SessionPart) {
    const { user } = store.getState();
    if (!user) return;
    const email = user.email;
    switch (part) {
      case 'user':
        set({ apiUser: await fetchApiUser(http, email) });
        return;
      case 'profile':
        set({ profile: await fetchProfile(http) });
        return;
      case 'dataSource':
        set({ dataSource: await fetchDataSource(http, email) });
        return;
      case 'licenses':
        set({ licenses: await fetchLicenses(http) });
        return;
      case 'pendingOverage':
        set({ pendingOverage: await fetchPendingOverage(http) });
        return;
      case 'all':
        set({ apiUser: await fetchApiUser(http, email) });
        await initialiseData(generation);
        return;
    }
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
    async getToken() {
      const stored = store.getState().token;
      if (stored) return stored;
      const token = await identity.getIdToken();
      if (token) set({ token });
      return token;
    },
    async refreshToken() {
      const token = await identity.getIdToken(true);
      set({ token });
      return token;
    },
    setUser(user) {
      set({ user });
    },
    async expire() {
      set({ sessionExpired: true });
      handleSignedOut();
      await identity.signOut();
    },
  };
}
