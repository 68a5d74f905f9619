import { createContext, useContext, useMemo, type Context, type ReactNode } from 'react';
import type {
  HttpClient,
  Identity,
  LoadingCounter,
  Notifier,
  PortalLinks,
  PortalServices,
  Preferences,
  Session,
} from './contract';

/**
 * One context object per page, even if a remote ends up with its own copy of this module
 * (e.g. through a deep import that is not federated): the contexts are kept on globalThis.
 */
type Holder = Record<symbol, Context<unknown> | undefined>;
const holder = globalThis as unknown as Holder;
function pageContext<T>(name: string): Context<T | null> {
  const key = Symbol.for(`@portal/shared/${name}`);
  const context = (holder[key] ??= createContext<T | null>(null) as Context<unknown>) as Context<T | null>;
  context.displayName = name;
  return context;
}

const PortalServicesContext = pageContext<PortalServices>('services-context');
// The services split by how often they change: a component that only calls the api or notifies does not render
// again when the session or the preferences change (each part of the session arriving after sign-in would otherwise
// render every such component of the page once more).
type StableServices = Pick<PortalServices, 'http' | 'notify' | 'loading' | 'identity' | 'links'>;
const StableServicesContext = pageContext<StableServices>('stable-services-context');
const SessionContext = pageContext<Session>('session-context');
const PreferencesContext = pageContext<Preferences>('preferences-context');

export function PortalServicesProvider({ services, children }: { services: PortalServices; children?: ReactNode }) {
  const { http, notify, loading, identity, links, session, preferences } = services;
  const stable = useMemo(() => ({ http, notify, loading, identity, links }), [http, notify, loading, identity, links]);
  return (
    <PortalServicesContext.Provider value={services}>
      <StableServicesContext.Provider value={stable}>
        <SessionContext.Provider value={session}>
          <PreferencesContext.Provider value={preferences}>{children}</PreferencesContext.Provider>
        </SessionContext.Provider>
      </StableServicesContext.Provider>
    </PortalServicesContext.Provider>
  );
}

function missing(): never {
  throw new Error(
    'Portal services are missing: render this component inside <PortalServicesProvider> ' +
      '(the shell does this; in tests use renderWithPortal from @portal/shared/testing).',
  );
}

export function usePortalServices(): PortalServices {
  return useContext(PortalServicesContext) ?? missing();
}

const useStableServices = (): StableServices => useContext(StableServicesContext) ?? missing();

export const useHttp = (): HttpClient => useStableServices().http;
export const useNotify = (): Notifier => useStableServices().notify;
export const useSession = (): Session => useContext(SessionContext) ?? missing();
export const useLoading = (): LoadingCounter => useStableServices().loading;
export const useIdentity = (): Identity => useStableServices().identity;
export const usePreferences = (): Preferences => useContext(PreferencesContext) ?? missing();
export const useLinks = (): PortalLinks => useStableServices().links;
