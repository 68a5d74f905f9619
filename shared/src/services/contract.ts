// The shell↔remote service contract: the shell provides these services, remotes see only these types.
import type { ApiUser, AuthUser, DataSource, Language, License, PendingOverage, Profile, Theme } from '../domain/types';

export interface RequestOptions {
  /** Query parameters; undefined values are dropped. */
  query?: Record<string, string | number | boolean | undefined>;
  /** 'json' (default), 'blob' or 'text'. */
  responseType?: 'json' | 'blob' | 'text';
  /** Extra headers, e.g. Accept. */
  headers?: Record<string, string>;
  /** Skip the global loading counter. */
  silent?: boolean;
  /** Non-OK statuses to treat as success (e.g. the overage calls treat a 500 as ok). */
  acceptStatuses?: number[];
  /** Abort the request (e.g. on unmount). */
  signal?: AbortSignal;
}

export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

/** Display text: callers pass already translated strings (t('notification_success')), the shell shows them as is. */
export interface NotifyInput {
  title?: string;
  message: string;
  /** Default 5000 ms. */
  autoHideMs?: number;
}

export interface Notifier {
  success(input: NotifyInput): void;
  error(input: NotifyInput): void;
  warning(input: NotifyInput): void;
  info(input: NotifyInput): void;
}

/** A part of the session that is loaded (and can fail) on its own. */
export type SessionDataPart = 'user' | 'profile' | 'dataSource' | 'licenses' | 'pendingOverage';
export type SessionPart = SessionDataPart | 'all';

export interface Session {
  /** Identity user (Firebase). */
  user: AuthUser | null;
  /** The api's user row. */
  apiUser: ApiUser | null;
  profile: Profile | null;
  dataSource: DataSource | null;
  licenses: License[];
  pendingOverage: PendingOverage[];
  isSubUser: boolean;
  /**
   * True when the data initialisation (profile, data source, licenses, pending overage) finished and no part failed
   * (see deriveSessionFlags).
   */
  initialized: boolean;
  /**
   * The parts whose last load failed; a part leaves the list when it loads. A part that is null (or not yet there)
   * and listed here failed: show an error with Retry (`refresh(part)`); null and not listed = still loading.
   */
  failedParts: readonly SessionDataPart[];
  /** The api user exists but is inactive: 'Your account is inactive. Contact your administrator'. */
  accountInactive: boolean;
  refresh(part: SessionPart): Promise<void>;
}

export interface LoadingCounter {
  begin(): void;
  end(): void;
  /** begin(), await the promise, end() — even on failure. */
  track<T>(promise: Promise<T>): Promise<T>;
}

/** Identity operations a remote may need (Firebase stays inside the shell). */
export interface Identity {
  sendVerificationEmail(): Promise<void>;
  /** Reloads the identity user (e.g. after the email was verified) and returns it. */
  reloadUser(): Promise<AuthUser | null>;
  sendPasswordReset(email: string): Promise<void>;
  /** Deletes the api user and the identity account, then signs out. */
  deleteAccount(): Promise<void>;
  signOut(): Promise<void>;
}

export interface Preferences {
  language: Language;
  theme: Theme;
  setLanguage(language: Language): void;
  setTheme(theme: Theme): void;
}

/** Legal and contact links of the operating company, from the portal configuration (/portal-config.json). */
export interface PortalLinks {
  imprint: string;
  privacy: string;
  terms: string;
  contactEmail: string;
  /** Store pages of the mobile app and the Freshdesk app's marketplace page (buy sections' get-now). */
  androidApp?: string;
  iosApp?: string;
  freshdeskApp?: string;
  /** The Freshdesk connector's installation manual. */
  freshdeskManual?: string;
}

export interface PortalServices {
  http: HttpClient;
  notify: Notifier;
  session: Session;
  loading: LoadingCounter;
  identity: Identity;
  preferences: Preferences;
  links: PortalLinks;
}
