import { createElement, isValidElement, lazy, useState, type ComponentType } from 'react';
import type { PortalRoute } from './types';

/** A page whose chunk loads on first render, or earlier through `preload()`. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Loads the page's chunk (once; again after a failure) and resolves with the page. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * A route's page loaded on first render, so a remote's exposed './remote' module stays small (the shell loads it
 * when the remote's page or nav entry is used, and the build evaluates it to write portal-remote.json).
 * `PortalRemoteRoutes` shows a loading state meanwhile. Once the chunk has loaded (a visit, or `preload()` ahead of
 * one), the page renders at once, without suspending.
 *
 *   const InvoicesPage = lazyPage(() => import('./features/invoices/components/invoices-page'), (m) => m.InvoicesPage);
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  // Suspends on its first render until the chunk has loaded; takes the page's props (the cast drops lazy's ref typing).
  const Suspending = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;
  function LazyPage(props: P) {
    // Chosen once per mount: switching from the suspending to the loaded component would remount the page.
    const [Page] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(Page, props);
  }
  return Object.assign(LazyPage, { preload });
}

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'function' && typeof (type as Partial<LazyPage>).preload === 'function';
}

/**
 * Loads the chunks of the lazy pages among `routes` (the shell does so while idle for the pages a remote's nav links
 * to). Never rejects: a page whose chunk failed loads again on its visit.
 */
export async function preloadPages(routes: PortalRoute[]): Promise<void> {
  await Promise.all(
    routes.map((route) =>
      isValidElement(route.element) && isLazyPage(route.element.type)
        ? route.element.type.preload().catch(() => undefined)
        : undefined,
    ),
  );
}
