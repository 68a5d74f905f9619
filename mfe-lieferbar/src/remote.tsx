import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { lieferbarRoutes } from './routes';

export default definePortalRemote({ id: 'lieferbar', routes: lieferbarRoutes, translations: { en, de } });
