const { createRemoteConfig } = require('@portal/shared/webpack');

module.exports = createRemoteConfig({
  name: 'mfe_account',
  exposes: { './remote': './src/remote.tsx' },
  dir: __dirname,
});
