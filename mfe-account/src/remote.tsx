import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { accountRoutes } from './routes';

export default definePortalRemote({ id: 'account', routes: accountRoutes, translations: { en, de } });
