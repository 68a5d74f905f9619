import Group from '@mui/icons-material/Group';
import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { accountRoutes } from './routes';

// The one exposed module: kept small (pages load lazily in routes.tsx) — the shell loads it when this remote's page
// or nav entry is used; the sidebar entry and the card come from portal-remote.json, which the build writes from this.
export default definePortalRemote({
  id: 'account',
  routes: accountRoutes,
  nav: [{ path: '/user-management', labelKey: 'nav_user_management', icon: Group, order: 40, mainUserOnly: true }],
  translations: { en, de },
});
