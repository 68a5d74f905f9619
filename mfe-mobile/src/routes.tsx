import type { PortalRoute } from '@portal/shared';
import { MobileAppPage } from './features/mobile-app/components/mobile-app-page';

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const mobileRoutes: PortalRoute[] = [{ path: '/features/mobile-app', element: <MobileAppPage /> }];
