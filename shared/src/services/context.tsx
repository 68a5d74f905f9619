import { createContext, useContext, type Context, type ReactNode } from 'react';
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
 * (e.g. through a deep import that is not federated): the context is kept on globalThis.
 */
const KEY = Symbol.for('@portal/shared/services-context');
type Holder = { [KEY]?: Context<PortalServices | null> };
const holder = globalThis as Holder;
const PortalServicesContext: Context<PortalServices | null> = (holder[KEY] ??= createContext<PortalServices | null>(
  null,
));
PortalServicesContext.displayName = 'PortalServices';

export function PortalServicesProvider({ services, children }: { services: PortalServices; children?: ReactNode }) {
  return <PortalServicesContext.Provider value={services}>{children}</PortalServicesContext.Provider>;
}

export function usePortalServices(): PortalServices {
  const services = useContext(PortalServicesContext);
  if (!services) {
    throw new Error(
      'Portal services are missing: render this component inside <PortalServicesProvider> ' +
        '(the shell does this; in tests use renderWithPortal from @portal/shared/testing).',
    );
  }
  return services;
}

export const useHttp = (): HttpClient => usePortalServices().http;
export const useNotify = (): Notifier => usePortalServices().notify;
export const useSession = (): Session => usePortalServices().session;
export const useLoading = (): LoadingCounter => usePortalServices().loading;
export const useIdentity = (): Identity => usePortalServices().identity;
export const usePreferences = (): Preferences => usePortalServices().preferences;
export const useLinks = (): PortalLinks => usePortalServices().links;
