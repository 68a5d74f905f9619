const { createRemoteConfig } = require('@portal/shared/webpack');

module.exports = createRemoteConfig({
  name: 'mfe_mobile',
  exposes: { './remote': './src/remote.tsx' },
  dir: __dirname,
});
