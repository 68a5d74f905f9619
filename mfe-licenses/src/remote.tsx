import VpnKey from '@mui/icons-material/VpnKey';
import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { licensesRoutes } from './routes';

// The one exposed module: kept small (pages load lazily in routes.tsx) — the shell loads it after sign-in to
// learn this remote's nav and card.
export default definePortalRemote({
  id: 'licenses',
  routes: licensesRoutes,
  nav: [{ path: '/licenses', labelKey: 'nav_licenses', icon: VpnKey, order: 30 }],
  translations: { en, de },
});
