const { createRemoteConfig } = require('@portal/shared/webpack');

module.exports = createRemoteConfig({
  name: 'mfe_licenses',
  exposes: { './remote': './src/remote.tsx' },
  port: 3103,
  dir: __dirname,
});
