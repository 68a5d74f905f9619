import Receipt from '@mui/icons-material/Receipt';
import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { billingRoutes } from './routes';

// The one exposed module: kept small (pages load lazily in routes.tsx) — the shell loads it when this remote's page
// or nav entry is used; the sidebar entry and the card come from portal-remote.json, which the build writes from this.
export default definePortalRemote({
  id: 'billing',
  routes: billingRoutes,
  nav: [{ path: '/invoices', labelKey: 'nav_invoices', icon: Receipt, order: 20, mainUserOnly: true }],
  translations: { en, de },
});
