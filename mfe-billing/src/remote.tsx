import Receipt from '@mui/icons-material/Receipt';
import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { billingRoutes } from './routes';

// The one exposed module: kept small (pages load lazily in routes.tsx) — the shell loads it after sign-in to
// learn this remote's nav and card.
export default definePortalRemote({
  id: 'billing',
  routes: billingRoutes,
  nav: [{ path: '/invoices', labelKey: 'nav_invoices', icon: Receipt, order: 20, mainUserOnly: true }],
  translations: { en, de },
});
