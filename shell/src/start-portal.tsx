import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { createHttpClient } from '@portal/shared';
import type { PortalConfig } from './config/portal-config';
import { createLazyIdentity } from './identity/lazy-identity';
import { loadFirebaseIdentity } from './identity/load-firebase-identity';
import { loadShellI18n } from './i18n/create-shell-i18n';
import type { RemoteLoader } from './remotes/remote-loader';
import { ROUTER_FUTURE } from './routes/router-options';
import { readStoredLanguage } from './preferences/preferences-store';
import { createShell } from './composition/create-shell';
import { takeStaticLoginCard } from './pages/auth/static-login-card';
import { ShellApp } from './shell-app';

export interface PortalPages {
  routes: RouteObject[];
  remoteLoader: RemoteLoader;
  /** What a sign-in form starts loading on intent: the signed-in pages, where this build has them. */
  preloadSignedIn?(): void;
}

/**
 * Renders the portal's `pages` into `container` once the runtime config (fetched by the entry) has arrived: the
 * federated host (bootstrap.tsx) and the sign-in bundle (sign-in/index.ts) start the same way.
 */
export async function startPortal(container: HTMLElement, portalConfig: Promise<PortalConfig>, pages: PortalPages) {
  const language = readStoredLanguage();
  document.documentElement.lang = language;
  // The page's language only: its texts load beside the config.
  const shellI18n = loadShellI18n(language);
  try {
    const [config, i18n] = await Promise.all([portalConfig, shellI18n]);
    const shell = createShell({
      config,
      i18n,
      // The Firebase SDK is a chunk of its own: loaded on use, on intent, or at boot when a session may exist.
      identity: createLazyIdentity({
        load: () =>
          loadFirebaseIdentity().then(({ createFirebaseIdentity }) =>
            createFirebaseIdentity(config.firebase, config.authEmulatorUrl),
          ),
      }),
      remoteLoader: pages.remoteLoader,
      preloadSignedIn: pages.preloadSignedIn,
      createHttp: createHttpClient,
    });
    const router = createBrowserRouter(pages.routes, { future: ROUTER_FUTURE });
    const root = createRoot(container);
    // A transition: React renders the first page in slices that leave the main thread free in between (Lighthouse's
    // total blocking time on /login), instead of in one long task.
    startTransition(() =>
      root.render(
        <StrictMode>
          <ShellApp shell={shell} router={router} />
        </StrictMode>,
      ),
    );
  } catch (error) {
    console.error('The portal could not start', error);
    // index.html's static sign-in card cannot sign in without the portal: the message takes its place.
    takeStaticLoginCard(container.ownerDocument);
    container.replaceChildren(bootErrorMessage(container.ownerDocument, language));
  }
}

/**
 * The boot error as index.html holds it in both languages (its texts may be what failed to load), in `language`,
 * drawn by the page's static boot styles.
 */
function bootErrorMessage(document: Document, language: string): HTMLElement {
  const template = document.getElementById('boot-error') as HTMLTemplateElement | null;
  const message =
    (template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined) ?? document.createElement('p');
  for (const text of message.querySelectorAll('[lang]')) if (text.getAttribute('lang') !== language) text.remove();
  return message;
}
