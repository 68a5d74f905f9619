import type { PortalConfig } from '../config/portal-config';
import type { RemoteLoader } from '../remotes/remote-loader';
import { startPortal } from '../start-portal';
import { createSignInRoutes } from './sign-in-routes';

// Signed in, these pages leave for the portal (sign-in-routes.tsx) before a remote would be shown: its small
// './remote' modules, asked for once the session is there, are left to the portal's page.
const noRemotesHere: RemoteLoader = { load: () => new Promise(() => undefined) };

/** Renders the sign-in pages into `container` once the runtime config has arrived. */
export function boot(container: HTMLElement, portalConfig: Promise<PortalConfig>) {
  return startPortal(container, portalConfig, { routes: createSignInRoutes(), remoteLoader: noRemotesHere });
}
