import VpnKey from '@mui/icons-material/VpnKey';
import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { licensesRoutes } from './routes';

// The one exposed module: kept small (pages load lazily in routes.tsx) — the shell loads it when this remote's page
// or nav entry is used; the sidebar entry and the card come from portal-remote.json, which the build writes from this.
export default definePortalRemote({
  id: 'licenses',
  routes: licensesRoutes,
  nav: [{ path: '/licenses', labelKey: 'nav_licenses', icon: VpnKey, order: 30 }],
  translations: { en, de },
});
