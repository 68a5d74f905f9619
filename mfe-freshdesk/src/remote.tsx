import { definePortalRemote } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { freshdeskRoutes } from './routes';

export default definePortalRemote({ id: 'freshdesk', routes: freshdeskRoutes, translations: { en, de } });
