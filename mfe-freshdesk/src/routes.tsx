import { lazyPage, type PortalRoute } from '@portal/shared';

// Each page is its own chunk, loaded on first visit: the exposed './remote' module stays light.
const FreshdeskPage = lazyPage(
  () => import('./features/freshdesk/components/freshdesk-page'),
  (m) => m.FreshdeskPage,
);

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const freshdeskRoutes: PortalRoute[] = [{ path: '/features/freshdesk', element: <FreshdeskPage /> }];
