// The runtime config the shell fetches from /portal-config.json before it boots (team brief, fixed decisions): one
// reading of the environment for the webpack dev server and the portal server. The links and the support address are
// the operating company's (../config/operating-company.js, the one reader of those variables, which the api uses too).
const { readOperatingCompany } = require('../config/operating-company');

/**
 * Env read here (all optional):
 *   FIREBASE_AUTH_EMULATOR_HOST  host:port of the Auth emulator, e.g. 127.0.0.1:9099
 *   AUTH_EMULATOR_PUBLIC_URL     URL the BROWSER uses for the emulator when it differs from http://<host:port>
 *   FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID   a real Firebase web config
 *   PORTAL_API_BASE_URL          default /api
 *   LINK_IMPRINT, LINK_PRIVACY, LINK_TERMS, SUPPORT_EMAIL, LINK_ANDROID_APP, LINK_IOS_APP, LINK_FRESHDESK_APP,
 *   LINK_FRESHDESK_MANUAL   through readOperatingCompany (demo defaults outside production)
 * Without an emulator host and without a real FIREBASE_API_KEY the emulator at 127.0.0.1:9099 is assumed.
 * @param {Record<string, string | undefined>} [env]
 */
function portalConfigFromEnv(env = process.env) {
  /** @param {string} name @param {string} fallback */
  const read = (name, fallback) => env[name]?.trim() || fallback;
  const publicUrl = read('AUTH_EMULATOR_PUBLIC_URL', '');
  const emulatorHost = read('FIREBASE_AUTH_EMULATOR_HOST', '');
  let authEmulatorUrl = 'http://127.0.0.1:9099';
  if (publicUrl) authEmulatorUrl = publicUrl;
  else if (emulatorHost) authEmulatorUrl = emulatorHost.includes('://') ? emulatorHost : `http://${emulatorHost}`;
  else if (read('FIREBASE_API_KEY', '')) authEmulatorUrl = null;

  const company = readOperatingCompany(env);
  const { links } = company;
  return {
    apiBaseUrl: read('PORTAL_API_BASE_URL', '/api'),
    firebase: {
      apiKey: read('FIREBASE_API_KEY', 'demo-api-key'),
      authDomain: read('FIREBASE_AUTH_DOMAIN', 'demo-portal.firebaseapp.com'),
      projectId: read('FIREBASE_PROJECT_ID', 'demo-portal'),
    },
    authEmulatorUrl,
    links: { ...links, contactEmail: company.supportEmail },
  };
}

module.exports = { portalConfigFromEnv };
