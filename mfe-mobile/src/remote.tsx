import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { mobileRoutes } from './routes';

export default definePortalRemote({ id: 'mobile', routes: mobileRoutes, translations: { en, de } });
