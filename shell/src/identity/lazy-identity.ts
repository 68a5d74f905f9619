// Firebase Auth only where needed, so /login stays within its JavaScript budget. The SDK is its own chunk, loaded
// on first real use (sign-in, sign-up, password reset, verification), on intent (prefetch), or at boot when the
// shell's session hint says someone may be signed in. Without the hint the session is signed out at once.
import type { AuthUser } from '@portal/shared/domain';
import type { IdentityGateway } from './identity-gateway';

/** '1' = the identity service last reported a user; '0' = it reported nobody; missing = never loaded here. */
export const SESSION_HINT_KEY = 'portal.session';

type HintStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface LazyIdentityDeps {
  /** Loads the real gateway (a dynamic import of firebase-identity.ts). */
  load(): Promise<IdentityGateway>;
  storage?: HintStorage;
  /**
   * Without any hint (first visit since the hint exists): may the identity service still hold a session? Default:
   * Firebase's IndexedDB store exists, so a session from before the hint is not lost.
   */
  mayHoldSession?(): Promise<boolean>;
  log?: (message: string, error?: unknown) => void;
}

interface Subscriber {
  callback(user: AuthUser | null): void;
  active: boolean;
  /** Has been told a state (null after a failed load is only for those never told). */
  told: boolean;
  detach: (() => void) | null;
}

const FIREBASE_DB = 'firebaseLocalStorageDb';

async function firebaseStoreExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === FIREBASE_DB);
}

function localStorageOrNull(): HintStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The session hint says the identity service last reported a user: a signed-in page is the likely next one. */
export function sessionHintSaysSignedIn(storage: HintStorage | null = localStorageOrNull()): boolean {
  try {
    return storage?.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function createLazyIdentity({
  load,
  storage = localStorageOrNull() ?? undefined,
  mayHoldSession = firebaseStoreExists,
  log = console.warn,
}: LazyIdentityDeps): IdentityGateway {
  let real: IdentityGateway | null = null;
  let loading: Promise<IdentityGateway> | null = null;
  const subscribers = new Set<Subscriber>();

  const readHint = () => {
    try {
      return storage?.getItem(SESSION_HINT_KEY) ?? null;
    } catch {
      return null;
    }
  };
  const writeHint = (signedIn: boolean) => {
    try {
      storage?.setItem(SESSION_HINT_KEY, signedIn ? '1' : '0');
    } catch {
      // Private mode without storage: the next boot loads the SDK only on use.
    }
  };

  function attach(gateway: IdentityGateway, subscriber: Subscriber) {
    subscriber.detach = gateway.onAuthStateChanged((user) => {
      subscriber.told = true;
      subscriber.callback(user);
    });
  }

  function ensure(): Promise<IdentityGateway> {
    if (real) return Promise.resolve(real);
    loading ??= load().then(
      (gateway) => {
        real = gateway;
        gateway.onAuthStateChanged((user) => writeHint(user !== null));
        for (const subscriber of subscribers) if (subscriber.active && !subscriber.detach) attach(gateway, subscriber);
        return gateway;
      },
      (error: unknown) => {
        // The next use tries again; whoever waits for a first state learns: nobody is signed in here.
        loading = null;
        for (const subscriber of subscribers) {
          if (subscriber.active && !subscriber.told) tellSignedOut(subscriber);
        }
        throw error;
      },
    );
    return loading;
  }

  function tellSignedOut(subscriber: Subscriber) {
    subscriber.told = true;
    subscriber.callback(null);
  }

  function loadInBackground(reason: string) {
    ensure().catch((error: unknown) => log(`Loading the identity service (${reason}) failed`, error));
  }

  /** Boot: a session may exist → the SDK decides as before; else signed out at once (a later load corrects both). */
  async function decideAtBoot() {
    const hint = readHint();
    if (hint === '1') loadInBackground('session hint');
    if (hint !== null) return;
    const may = await mayHoldSession().catch(() => false);
    if (may) loadInBackground('stored session');
  }
  const resolvedAtBoot = decideAtBoot();
  // Signed in in another tab: load here too, so this tab follows as it did with the SDK at boot.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === SESSION_HINT_KEY && event.newValue === '1') loadInBackground('sign-in in another tab');
    });
  }

  const withSdk = async <T>(run: (gateway: IdentityGateway) => Promise<T>) => run(await ensure());
  /** With the SDK never asked for, nobody is signed in here: answer without loading it. */
  const ifLoaded = async <T>(run: (gateway: IdentityGateway) => Promise<T>, none: T) => {
    if (!real && !loading) return none;
    return run(await ensure());
  };

  return {
    signIn: (email, password) => withSdk((gateway) => gateway.signIn(email, password)),
    signUp: (email, password) => withSdk((gateway) => gateway.signUp(email, password)),
    async signOut() {
      writeHint(false);
      await ifLoaded((gateway) => gateway.signOut(), undefined);
    },
    sendPasswordReset: (email) => withSdk((gateway) => gateway.sendPasswordReset(email)),
    sendEmailVerification: () => withSdk((gateway) => gateway.sendEmailVerification()),
    reloadUser: () => ifLoaded((gateway) => gateway.reloadUser(), null),
    getIdToken: (forceRefresh) => ifLoaded((gateway) => gateway.getIdToken(forceRefresh), null),
    currentUser: () => real?.currentUser() ?? null,
    onAuthStateChanged(callback) {
      const subscriber: Subscriber = { callback, active: true, told: false, detach: null };
      subscribers.add(subscriber);
      if (real) attach(real, subscriber);
      else {
        // Once the boot decision is made: not loading → signed out now; loading → attached (or told) when it ends.
        void resolvedAtBoot.then(() => {
          if (subscriber.active && !real && !loading && !subscriber.told) tellSignedOut(subscriber);
        });
      }
      return () => {
        subscriber.active = false;
        subscriber.detach?.();
        subscribers.delete(subscriber);
      };
    },
    prefetch() {
      if (!real && !loading) loadInBackground('prefetch');
    },
  };
}
