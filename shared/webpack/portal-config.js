// The runtime config the shell fetches from /portal-config.json before it boots (team brief, fixed decisions): one
// reading of the environment for the webpack dev server and the portal server.

/**
 * Env read here (all optional):
 *   FIREBASE_AUTH_EMULATOR_HOST  host:port of the Auth emulator, e.g. 127.0.0.1:9099
 *   AUTH_EMULATOR_PUBLIC_URL     URL the BROWSER uses for the emulator when it differs from http://<host:port>
 *   FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID   a real Firebase web config
 *   PORTAL_API_BASE_URL          default /api
 *   LINK_IMPRINT, LINK_PRIVACY, LINK_TERMS, CONTACT_EMAIL
 *   LINK_ANDROID_APP, LINK_IOS_APP, LINK_FRESHDESK_APP   store pages on the buy pages (get-now)
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

  return {
    apiBaseUrl: read('PORTAL_API_BASE_URL', '/api'),
    firebase: {
      apiKey: read('FIREBASE_API_KEY', 'demo-api-key'),
      authDomain: read('FIREBASE_AUTH_DOMAIN', 'demo-portal.firebaseapp.com'),
      projectId: read('FIREBASE_PROJECT_ID', 'demo-portal'),
    },
    authEmulatorUrl,
    links: {
      imprint: read('LINK_IMPRINT', 'https://www.example.com/imprint'),
      privacy: read('LINK_PRIVACY', 'https://www.example.com/privacy'),
      terms: read('LINK_TERMS', 'https://www.example.com/terms'),
      contactEmail: read('CONTACT_EMAIL', 'support@portal.test'),
      androidApp: read('LINK_ANDROID_APP', 'https://play.google.com/store/apps/details?id=com.example.portal'),
      iosApp: read('LINK_IOS_APP', 'https://apps.apple.com/app/example-portal/id000000000'),
      freshdeskApp: read('LINK_FRESHDESK_APP', 'https://www.freshworks.com/apps/example-portal'),
    },
  };
}

module.exports = { portalConfigFromEnv };
