import Group from '@mui/icons-material/Group';
import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { accountRoutes } from './routes';

// The one exposed module: kept small (pages load lazily in routes.tsx) — the shell loads it after sign-in to
// learn this remote's nav and card.
export default definePortalRemote({
  id: 'account',
  routes: accountRoutes,
  nav: [{ path: '/user-management', labelKey: 'nav_user_management', icon: Group, order: 40, mainUserOnly: true }],
  translations: { en, de },
});
