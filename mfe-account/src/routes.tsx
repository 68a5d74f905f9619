import type { PortalRoute } from '@portal/shared';
import { UserManagementPage } from './features/users/components/user-management-page';
import { ProfilePage } from './pages/profile-page';

/** Absolute paths: the shell mounts them as they are. */
export const accountRoutes: PortalRoute[] = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/user-management', element: <UserManagementPage /> },
];
