import type { PortalRoute } from '@portal/shared';
import { BuyLicensePage } from './features/buy-license/components/buy-license-page';
import { LicensesPage } from './features/license-list/components/licenses-page';

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const licensesRoutes: PortalRoute[] = [
  { path: '/licenses', element: <LicensesPage /> },
  { path: '/licenses/buy', element: <BuyLicensePage /> },
];
