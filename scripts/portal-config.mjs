// Builds the runtime config the shell fetches from /portal-config.json (shape: team brief, fixed decisions).
// Defaults come from @portal/shared's webpack preset so the dev server and the portal server agree.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { defaultPortalConfig } = require('../shared/webpack/portal-config.js');

/**
 * Env read here (all optional):
 *   FIREBASE_AUTH_EMULATOR_HOST  host:port of the Auth emulator, e.g. 127.0.0.1:9099
 *   AUTH_EMULATOR_PUBLIC_URL     URL the BROWSER uses for the emulator when it differs from http://<host:port>
 *   FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID   a real Firebase web config
 *   PORTAL_API_BASE_URL          default /api
 *   LINK_IMPRINT, LINK_PRIVACY, LINK_TERMS, CONTACT_EMAIL
 *   LINK_ANDROID_APP, LINK_IOS_APP, LINK_FRESHDESK_APP   store pages on the buy pages (get-now)
 * Without an emulator host and without a real FIREBASE_API_KEY the emulator at 127.0.0.1:9099 is assumed.
 */
export function portalConfigFromEnv(env = process.env) {
  const defaults = defaultPortalConfig({ emulator: true });
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  const realFirebase = Boolean(env.FIREBASE_API_KEY?.trim());

  let authEmulatorUrl = defaults.authEmulatorUrl;
  if (env.AUTH_EMULATOR_PUBLIC_URL?.trim()) authEmulatorUrl = env.AUTH_EMULATOR_PUBLIC_URL.trim();
  else if (emulatorHost) authEmulatorUrl = emulatorHost.includes('://') ? emulatorHost : `http://${emulatorHost}`;
  else if (realFirebase) authEmulatorUrl = null;

  return {
    apiBaseUrl: env.PORTAL_API_BASE_URL?.trim() || defaults.apiBaseUrl,
    firebase: {
      apiKey: env.FIREBASE_API_KEY?.trim() || defaults.firebase.apiKey,
      authDomain: env.FIREBASE_AUTH_DOMAIN?.trim() || defaults.firebase.authDomain,
      projectId: env.FIREBASE_PROJECT_ID?.trim() || defaults.firebase.projectId,
    },
    authEmulatorUrl,
    links: {
      imprint: env.LINK_IMPRINT?.trim() || defaults.links.imprint,
      privacy: env.LINK_PRIVACY?.trim() || defaults.links.privacy,
      terms: env.LINK_TERMS?.trim() || defaults.links.terms,
      contactEmail: env.CONTACT_EMAIL?.trim() || defaults.links.contactEmail,
      androidApp: env.LINK_ANDROID_APP?.trim() || defaults.links.androidApp,
      iosApp: env.LINK_IOS_APP?.trim() || defaults.links.iosApp,
      freshdeskApp: env.LINK_FRESHDESK_APP?.trim() || defaults.links.freshdeskApp,
    },
  };
}
