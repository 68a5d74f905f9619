const path = require('node:path');
const { createJestConfig } = require('@portal/shared/jest');

const base = createJestConfig(__dirname, { environment: 'node' });
const transformed = ['@electric-sql/pglite', 'cookie', 'zod', 'i18next', '@module-federation', 'firebase', '@firebase'];
// file-type (magic-byte detection of uploads) and its parsers ship ESM only, with no `require` export condition.
const esmOnly = [
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer/inflate',
  'uint8array-extras',
  '@borewit/text-codec',
];
transformed.push(...esmOnly);

module.exports = {
  ...base,
  // PGlite loads node built-ins with import(), which jest's VM refuses without --experimental-vm-modules;
  // letting swc turn those into require() keeps `npx jest` working without flags.
  transform: {
    '/@electric-sql/pglite/.+\\.cjs$': Object.values(base.transform)[0],
    ...base.transform,
  },
  // light-my-request (app.inject) ships an ESM-only `cookie` in a nested node_modules.
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^file-type$': path.join(__dirname, '..', 'node_modules', 'file-type', 'index.js'),
  },
  transformIgnorePatterns: [`^(?!.*/node_modules/(${transformed.join('|')})/).*/node_modules/`],
  // Generous: a fresh PGlite + app per file takes seconds, and this machine is shared.
  testTimeout: 120000,
  globalSetup: '<rootDir>/test/global-setup.cjs',
  globalTeardown: '<rootDir>/test/global-teardown.cjs',
  setupFiles: ['<rootDir>/test/setup-env.cjs'],
  setupFilesAfterEnv: ['<rootDir>/test/after-env.ts'],
  maxWorkers: 2,
};
