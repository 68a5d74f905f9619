import { definePortalRemote } from '@portal/shared';
import illustration from './assets/card.svg';
import de from './locales/de.json';
import en from './locales/en.json';
import { mobileRoutes } from './routes';

// The one exposed module: kept small (pages load lazily in routes.tsx) — the shell loads it after sign-in to
// learn this remote's nav and card.
export default definePortalRemote({
  id: 'mobile',
  routes: mobileRoutes,
  card: { titleKey: 'card_title', descriptionKey: 'card_description', illustration },
  translations: { en, de },
});
