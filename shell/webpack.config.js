const { createHostConfig } = require('@portal/shared/webpack');

// The host: no remotes at build time, they are registered at runtime from GET /api/portal/registry. Its sign-in pages
// are also built on their own, without module federation, for visitors who are not signed in (dist/sign-in/).
module.exports = createHostConfig({ name: 'shell', port: 3000, dir: __dirname, signIn: './src/sign-in/index.ts' });
