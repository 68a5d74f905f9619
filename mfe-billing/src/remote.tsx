import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { billingRoutes } from './routes';

export default definePortalRemote({ id: 'billing', routes: billingRoutes, translations: { en, de } });
