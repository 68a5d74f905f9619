const path = require('path');
const { createJestConfig } = require('@portal/shared/jest');

const base = createJestConfig(__dirname);

// The root node_modules holds a hoisted react 19 (npm peer auto-install) next to the workspace-local react 18.3.1.
// Pin every import of react/react-dom to one copy so hooks from MUI, router and our code share one React.
const pkgDir = (name) => path.dirname(require.resolve(`${name}/package.json`, { paths: [__dirname] }));
const react = pkgDir('react');
const reactDom = pkgDir('react-dom');

module.exports = {
  ...base,
  setupFiles: [...(base.setupFiles ?? []), path.join(__dirname, 'src/testing/setup-request.js')],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^react$': react,
    '^react/(.*)$': `${react}/$1`,
    '^react-dom$': reactDom,
    '^react-dom/(.*)$': `${reactDom}/$1`,
  },
};
