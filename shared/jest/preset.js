// Jest preset for every UI package: swc transform, jsdom, testing-library matchers.
const path = require('path');

const esmPackages = ['i18next', 'react-i18next', '@module-federation', 'zod', 'firebase', '@firebase'];

/** @param {string} rootDir @param {{ environment?: 'jsdom' | 'node' }} [options] */
function createJestConfig(rootDir, options = {}) {
  const environment = options.environment ?? 'jsdom';
  return {
    rootDir,
    testEnvironment: environment,
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    moduleNameMapper: {
      '\\.(css|less)$': path.join(__dirname, 'style-stub.js'),
      '\\.(png|jpe?g|gif|svg|webp)$': path.join(__dirname, 'file-stub.js'),
    },
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.js')] : [],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  };
}

module.exports = { createJestConfig };
