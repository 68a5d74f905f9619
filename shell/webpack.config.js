const { createHostConfig } = require('@portal/shared/webpack');
const { StaticLoginPage } = require('./webpack/static-login-page');

// The host: no remotes at build time, they are registered at runtime from GET /api/portal/registry. Its sign-in pages
// are also built on their own, without module federation, for visitors who are not signed in (dist/sign-in/).
// index.html's first paint of /login is the login page drawn at build time (webpack/static-login-page.js).
module.exports = createHostConfig({
  name: 'shell',
  port: 3000,
  dir: __dirname,
  signIn: './src/sign-in/index.ts',
  extra: { plugins: [new StaticLoginPage({ dir: __dirname })] },
});
