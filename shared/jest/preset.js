// Jest preset for every UI package: swc transform, jsdom, testing-library matchers.
const path = require('path');

const esmPackages = ['i18next', 'react-i18next', '@module-federation', 'zod', 'firebase', '@firebase'];

/**
 * One React per test run. npm hoists a peer React 19 to the root node_modules while each workspace pins 18.3.1,
 * so @mui, react-i18next etc. would otherwise load a second React ("Invalid hook call").
 */
function reactMapper(rootDir) {
  const mapper = {};
  for (const name of ['react', 'react-dom']) {
    let dir;
    try {
      dir = path.dirname(require.resolve(`${name}/package.json`, { paths: [rootDir, __dirname] }));
    } catch {
      continue;
    }
    mapper[`^${name}$`] = dir;
    mapper[`^${name}/(.*)$`] = `${dir}/$1`;
  }
  return mapper;
}

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
      ...reactMapper(rootDir),
      '\\.(css|less)$': path.join(__dirname, 'style-stub.js'),
      '\\.(png|jpe?g|gif|svg|webp)$': path.join(__dirname, 'file-stub.js'),
    },
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.js')] : [],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    // The CI/dev machine is small and shared: a user-event journey that takes 6 s alone took over 30 s beside the
    // api's PostgreSQL run.
    testTimeout: 60000,
  };
}

module.exports = { createJestConfig };
