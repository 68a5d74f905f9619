import type { PortalConfig } from './config/portal-config';
import { sessionHintSaysSignedIn } from './identity/lazy-identity';
import { preloadFirebaseIdentity } from './identity/load-firebase-identity';
import { createFederationRemoteLoader } from './remotes/remote-loader';
import { preloadSignedInPages } from './routes/load-signed-in';
import { createShellRoutes } from './routes/shell-routes';
import { startPortal } from './start-portal';

/** Renders the portal, every route and the remotes, into `container` once the runtime config has arrived. */
export function boot(container: HTMLElement, portalConfig: Promise<PortalConfig>) {
  // Probably signed in: the signed-in layout's chunk and the identity SDK load beside the config, not after it.
  if (sessionHintSaysSignedIn()) {
    preloadSignedInPages();
    preloadFirebaseIdentity();
  }
  return startPortal(container, portalConfig, {
    routes: createShellRoutes(),
    remoteLoader: createFederationRemoteLoader(),
    preloadSignedIn: preloadSignedInPages,
  });
}
