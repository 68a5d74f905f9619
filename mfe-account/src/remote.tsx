import { definePortalRemote } from '@portal/shared';
import { ProfilePage } from './features/profile/components/ProfilePage';
import { UserManagementPage } from './features/users/components/UserManagementPage';
import de from './locales/de.json';
import en from './locales/en.json';

export default definePortalRemote({
  id: 'account',
  routes: [
    { path: '/profile', element: <ProfilePage /> },
    { path: '/user-management', element: <UserManagementPage /> },
  ],
  translations: { en, de },
});
