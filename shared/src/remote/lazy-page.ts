import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A route's page loaded on first render, so a remote's exposed './remote' module stays small (the shell loads it
 * after sign-in to learn the remote's nav and card). `PortalRemoteRoutes` shows a loading state meanwhile.
 *
 *   const InvoicesPage = lazyPage(() => import('./features/invoices/components/invoices-page'), (m) => m.InvoicesPage);
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: pick(await load()) }));
}
