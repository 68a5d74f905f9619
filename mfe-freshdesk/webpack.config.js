const { createRemoteConfig } = require('@portal/shared/webpack');

module.exports = createRemoteConfig({
  name: 'mfe_freshdesk',
  exposes: { './remote': './src/remote.tsx' },
  dir: __dirname,
});
