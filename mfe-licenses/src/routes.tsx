import { lazyPage, type PortalRoute } from '@portal/shared';

// Each page is its own chunk, loaded on first visit: the exposed './remote' module stays light.
const BuyLicensePage = lazyPage(
  () => import('./features/buy-license/components/buy-license-page'),
  (m) => m.BuyLicensePage,
);
const LicensesPage = lazyPage(
  () => import('./features/license-list/components/licenses-page'),
  (m) => m.LicensesPage,
);

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const licensesRoutes: PortalRoute[] = [
  { path: '/licenses', element: <LicensesPage /> },
  { path: '/licenses/buy', element: <BuyLicensePage /> },
];
