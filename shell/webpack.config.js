const { createHostConfig } = require('@portal/shared/webpack');

// The host: no remotes at build time, they are registered at runtime from GET /api/portal/registry.
module.exports = createHostConfig({ name: 'shell', port: 3000, dir: __dirname });
