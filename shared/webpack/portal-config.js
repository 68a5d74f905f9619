// The runtime config the shell fetches from /portal-config.json before it boots (team brief, fixed decisions).
/** @param {{ emulator?: boolean, apiBaseUrl?: string }} [options] */
function defaultPortalConfig({ emulator = true, apiBaseUrl = '/api' } = {}) {
  return {
    apiBaseUrl,
    firebase: {
      apiKey: 'demo-api-key',
      authDomain: 'demo-portal.firebaseapp.com',
      projectId: 'demo-portal',
    },
    authEmulatorUrl: emulator ? 'http://127.0.0.1:9099' : null,
    links: {
      imprint: 'https://www.example.com/imprint',
      privacy: 'https://www.example.com/privacy',
      terms: 'https://www.example.com/terms',
      contactEmail: 'support@portal.test',
      androidApp: 'https://play.google.com/store/apps/details?id=com.example.portal',
      iosApp: 'https://apps.apple.com/app/example-portal/id000000000',
      freshdeskApp: 'https://www.freshworks.com/apps/example-portal',
    },
  };
}

module.exports = { defaultPortalConfig };
