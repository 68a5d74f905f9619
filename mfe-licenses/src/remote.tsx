import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { licensesRoutes } from './routes';

export default definePortalRemote({ id: 'licenses', routes: licensesRoutes, translations: { en, de } });
