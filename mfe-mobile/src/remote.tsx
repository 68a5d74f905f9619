import { definePortalRemote } from '@portal/shared';
import illustration from './assets/card.svg';
import de from './locales/de.json';
import en from './locales/en.json';
import { mobileRoutes } from './routes';

// The one exposed module: kept small (pages load lazily in routes.tsx) — the shell loads it when this remote's page
// or nav entry is used; the sidebar entry and the card come from portal-remote.json, which the build writes from this.
export default definePortalRemote({
  id: 'mobile',
  routes: mobileRoutes,
  card: { titleKey: 'card_title', descriptionKey: 'card_description', illustration },
  translations: { en, de },
});
