import type { PortalRoute } from '@portal/shared';
import { FreshdeskPage } from './features/freshdesk/components/freshdesk-page';

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const freshdeskRoutes: PortalRoute[] = [{ path: '/features/freshdesk', element: <FreshdeskPage /> }];
