const { createRemoteConfig } = require('@portal/shared/webpack');

module.exports = createRemoteConfig({
  name: 'mfe_billing',
  exposes: { './remote': './src/remote.tsx' },
  port: 3102,
  dir: __dirname,
});
