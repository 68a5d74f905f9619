// The shell's own capabilities, each behind a typed ref (as Backstage's createApiRef): a component asks only for
// the one it needs with useShellApi(ref). What remotes also use comes from @portal/shared (useSession, usePreferences,
// useNotify, useLoading, useHttp, useIdentity).
// This floor stands between the services and what reads them: it names the services' types, and the composition
// root (composition/create-shell.ts) fills the refs, so no component needs to import the root that builds it.
import type { StoreApi } from 'zustand';
import type { LoadingStoreState, NotificationStoreState, PortalRemote } from '@portal/shared';
import type { AccountOperations } from '../account/account-operations';
import type { ConnectionState } from '../connection/connection-store';
import type { PortalConfig } from '../config/portal-config';
import type { RegistryState } from '../remotes/registry-store';
import type { RemoteLoader } from '../remotes/remote-loader';
import type { RemoteModulesState } from '../remotes/remote-modules-store';
import type { SessionData } from '../session/session-store';

/** `type` carries the type only. */
export interface ShellApiRef<T> {
  readonly id: string;
  readonly type?: T;
}

const ref = <T>(id: string): ShellApiRef<T> => ({ id });

/** A store a component may subscribe to but not write. */
export type ReadableStore<S> = Pick<StoreApi<S>, 'getState' | 'getInitialState' | 'subscribe'>;

export type AuthApi = Pick<AccountOperations, 'signIn' | 'register' | 'endRegistration' | 'prefetch'>;

export const authApiRef = ref<AuthApi>('auth');
/** Sign-in state for the route guards and the dashboard (authResolved, user, authFlowBusy, dataLoaded …). */
export const sessionStateRef = ref<ReadableStore<SessionData>>('session-state');
export const registryApiRef = ref<{ state: ReadableStore<RegistryState>; reload(): Promise<void> }>('registry');
/**
 * The remote loader; the state of every listed remote's './remote' module (nav entries, card texts); `settle` records
 * a load's outcome (a loaded remote's translations join the one i18next instance, null = it failed).
 */
export const remotesApiRef = ref<{
  loader: RemoteLoader;
  modules: ReadableStore<RemoteModulesState>;
  settle(name: string, remote: PortalRemote | null): void;
}>('remotes');
export const notificationsRef = ref<ReadableStore<NotificationStoreState>>('notifications');
export const loadingStateRef = ref<ReadableStore<LoadingStoreState>>('loading-state');
export const linksRef = ref<PortalConfig['links']>('links');
/** Whether the api answers (the "connection lost" banner) and a way to probe it at once. */
export const connectionRef = ref<{ store: ReadableStore<ConnectionState>; retryNow(): Promise<void> }>('connection');
/** Leaves the portal for an external page (payment provider). */
export const redirectRef = ref<(url: string) => void>('redirect');

/** The implementations the composition root hands out, each checked against its ref by `shellApi`. */
export type ShellApis = ReadonlyMap<ShellApiRef<unknown>, unknown>;

export const shellApi = <T>(apiRef: ShellApiRef<T>, implementation: T) => [apiRef, implementation] as const;
