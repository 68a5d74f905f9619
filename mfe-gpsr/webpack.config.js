const { createRemoteConfig } = require('@portal/shared/webpack');

module.exports = createRemoteConfig({
  name: 'mfe_gpsr',
  exposes: { './remote': './src/remote.tsx' },
  dir: __dirname,
});
