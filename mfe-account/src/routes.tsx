import { lazyPage, type PortalRoute } from '@portal/shared';

// Each page is its own chunk, loaded on first visit: the exposed './remote' module stays light.
const UserManagementPage = lazyPage(
  () => import('./features/users/components/user-management-page'),
  (m) => m.UserManagementPage,
);
const ProfilePage = lazyPage(
  () => import('./pages/profile-page'),
  (m) => m.ProfilePage,
);

/** Absolute paths: the shell mounts them as they are. */
export const accountRoutes: PortalRoute[] = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/user-management', element: <UserManagementPage /> },
];
