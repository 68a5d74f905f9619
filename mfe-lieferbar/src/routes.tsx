import { lazyPage, type PortalRoute } from '@portal/shared';

// Each page is its own chunk, loaded on first visit: the exposed './remote' module stays light.
const LieferbarPage = lazyPage(
  () => import('./features/orders/components/lieferbar-page'),
  (m) => m.LieferbarPage,
);

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const lieferbarRoutes: PortalRoute[] = [{ path: '/features/lieferbar', element: <LieferbarPage /> }];
