import type { PortalRoute } from '@portal/shared';
import { InvoicesPage } from './features/invoices/components/invoices-page';

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const billingRoutes: PortalRoute[] = [{ path: '/invoices', element: <InvoicesPage /> }];
