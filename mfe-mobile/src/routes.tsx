import { lazyPage, type PortalRoute } from '@portal/shared';

// Each page is its own chunk, loaded on first visit: the exposed './remote' module stays light.
const MobileAppPage = lazyPage(
  () => import('./features/mobile-app/components/mobile-app-page'),
  (m) => m.MobileAppPage,
);

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const mobileRoutes: PortalRoute[] = [{ path: '/features/mobile-app', element: <MobileAppPage /> }];
