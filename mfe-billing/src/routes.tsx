import { lazyPage, type PortalRoute } from '@portal/shared';

// Each page is its own chunk, loaded on first visit: the exposed './remote' module stays light.
const InvoicesPage = lazyPage(
  () => import('./features/invoices/components/invoices-page'),
  (m) => m.InvoicesPage,
);

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const billingRoutes: PortalRoute[] = [{ path: '/invoices', element: <InvoicesPage /> }];
