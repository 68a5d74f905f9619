import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { gpsrRoutes } from './routes';

export default definePortalRemote({ id: 'gpsr', routes: gpsrRoutes, translations: { en, de } });
