import type {
  Identity,
  LoadingCounter,
  Notifier,
  NotificationType,
  NotifyInput,
  Preferences,
  Session,
  SessionPart,
} from '../services/contract';
import { deriveSessionFlags, type SessionFacts } from '../services/session-state';
import type { AuthUser, Language, Theme } from '../domain/types';
import { demoApiUser, demoDataSource, demoLicenses, demoProfile, demoUser } from './demo-data';

export interface FakeNotification extends NotifyInput {
  type: NotificationType;
}

export interface FakeNotify extends Notifier {
  notifications: FakeNotification[];
  /** The last notification (of a type). */
  last(type?: NotificationType): FakeNotification | undefined;
  clear(): void;
}

export function createFakeNotify(): FakeNotify {
  const notifications: FakeNotification[] = [];
  const push = (type: NotificationType) => (input: NotifyInput) => void notifications.push({ type, ...input });
  return {
    notifications,
    success: push('success'),
    error: push('error'),
    warning: push('warning'),
    info: push('info'),
    last: (type) => [...notifications].reverse().find((n) => !type || n.type === type),
    clear: () => void notifications.splice(0),
  };
}

export interface FakeSession extends Session {
  /** Parts passed to refresh(), in order. */
  refreshed: SessionPart[];
}

/** What a test may set; `isSubUser` and `initialized` follow from it exactly as in the shell. */
export type FakeSessionInput = Partial<SessionFacts & Pick<Session, 'refresh'>>;

/**
 * A signed-in main user with a complete profile, accepted AVV, a data source and no licenses, unless overridden.
 * A sub-user: `{ apiUser: demoSubApiUser() }`; a failed profile load: `{ profile: null, failedParts: ['profile'] }`.
 */
export function createFakeSession(input: FakeSessionInput = {}): FakeSession {
  const refreshed: SessionPart[] = [];
  const { refresh, ...given } = input;
  const facts: SessionFacts = {
    user: demoUser(),
    apiUser: demoApiUser(),
    profile: demoProfile(),
    dataSource: demoDataSource(),
    licenses: [],
    pendingOverage: [],
    failedParts: [],
    accountInactive: false,
    ...given,
  };
  return {
    ...facts,
    ...deriveSessionFlags(facts),
    refreshed,
    async refresh(part) {
      refreshed.push(part);
      await refresh?.(part);
    },
  };
}

export { demoLicenses };

export interface FakeLoading extends LoadingCounter {
  /** Currently open begin() calls. */
  readonly count: number;
  begins: number;
  ends: number;
}

export function createFakeLoading(): FakeLoading {
  const fake = {
    begins: 0,
    ends: 0,
    get count() {
      return Math.max(0, fake.begins - fake.ends);
    },
    begin() {
      fake.begins += 1;
    },
    end() {
      fake.ends += 1;
    },
    async track<T>(promise: Promise<T>): Promise<T> {
      fake.begin();
      try {
        return await promise;
      } finally {
        fake.end();
      }
    },
  };
  return fake;
}

export interface FakeIdentity extends Identity {
  /** Method names called, in order (with the argument for sendPasswordReset). */
  calls: string[];
  /** What reloadUser() resolves to. */
  user: AuthUser | null;
  /** When set, every method rejects with this error. */
  failWith: Error | null;
}

export function createFakeIdentity(user: AuthUser | null = demoUser()): FakeIdentity {
  const fake: FakeIdentity = {
    calls: [],
    user,
    failWith: null,
    async sendVerificationEmail() {
      record('sendVerificationEmail');
    },
    async reloadUser() {
      record('reloadUser');
      return fake.user;
    },
    async sendPasswordReset(email: string) {
      record(`sendPasswordReset:${email}`);
    },
    async deleteAccount() {
      record('deleteAccount');
    },
    async signOut() {
      record('signOut');
    },
  };
  function record(call: string) {
    fake.calls.push(call);
    if (fake.failWith) throw fake.failWith;
  }
  return fake;
}

export interface FakePreferences extends Preferences {
  changes: { language?: Language; theme?: Theme }[];
}

export function createFakePreferences(initial: Partial<Pick<Preferences, 'language' | 'theme'>> = {}): FakePreferences {
  const fake: FakePreferences = {
    language: initial.language ?? 'en',
    theme: initial.theme ?? 'light',
    changes: [],
    setLanguage(language) {
      fake.language = language;
      fake.changes.push({ language });
    },
    setTheme(theme) {
      fake.theme = theme;
      fake.changes.push({ theme });
    },
  };
  return fake;
}
