import type { PortalRoute } from '@portal/shared';
import { LieferbarPage } from './features/orders/components/lieferbar-page';

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const lieferbarRoutes: PortalRoute[] = [{ path: '/features/lieferbar', element: <LieferbarPage /> }];
