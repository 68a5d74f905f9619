// One lint for the whole monorepo (`npm run lint`, CI). Formatting is Prettier's job, not ESLint's.
// The import boundaries are computed from the folders on disk, so a new remote, feature or api module is covered
// without editing this file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const subfolders = (dir) => {
  try {
    return fs
      .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
};

const remotes = subfolders('.').filter((name) => name.startsWith('mfe-'));
const apps = ['shell', ...remotes];

// A remote imports only @portal/shared and its own files; the shell loads remotes at runtime, never by import;
// shared is the contract and imports no app.
const appZones = [
  ...remotes.map((remote) => ({
    target: remote,
    from: ['shell', 'api', ...remotes.filter((other) => other !== remote)],
    message: 'A remote imports only @portal/shared and its own files.',
  })),
  { target: 'shell', from: ['api', ...remotes], message: 'The shell loads remotes at runtime, it never imports them.' },
  { target: 'shared', from: ['shell', 'api', ...remotes], message: '@portal/shared imports no app.' },
];

// Inside an app, features/<a> never imports features/<b>: compose them in routes or pages.
const featureZones = apps.flatMap((app) => {
  const dir = `${app}/src/features`;
  return subfolders(dir).map((feature) => ({
    target: `${dir}/${feature}`,
    from: dir,
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in routes or pages.',
  }));
});

// An api module is a folder under api/src/modules with an index.ts or routes.ts (nested ones too: user/profile).
// The rest of api/src reaches it only through its index.ts (and the index.ts of modules nested in it); the suites
// in api/test may reach into a module to set up and check its parts.
const MODULES = 'api/src/modules';
function apiModules(dir = '') {
  return subfolders(path.posix.join(MODULES, dir)).flatMap((name) => {
    const module = path.posix.join(dir, name);
    const own = ['index.ts', 'routes.ts'].some((file) => fs.existsSync(path.join(ROOT, MODULES, module, file)))
      ? [module]
      : [];
    return [...own, ...apiModules(module)];
  });
}
/** Globs for every file under `base` that is not under base/<segments>. */
function outside(base, segments) {
  return segments.flatMap((segment, i) => {
    const parent = [base, ...segments.slice(0, i)].join('/');
    return [`${parent}/*.*`, `${parent}/!(${segment})/**`];
  });
}
const modules = apiModules();
const moduleZones = modules.map((module) => ({
  target: outside('api/src', ['modules', ...module.split('/')]),
  from: `${MODULES}/${module}`,
  except: [
    './index.ts',
    ...modules
      .filter((inner) => inner.startsWith(`${module}/`))
      .map((inner) => `.${inner.slice(module.length)}/index.ts`),
  ],
  message: 'Another api module is used only through its index.ts.',
}));

// The shell's floors, top to bottom: a floor imports only the floors below it.
//   the entry (index.ts, bootstrap.tsx, start-portal.tsx, shell-app.tsx, sign-in/): starts the portal;
//   composition/: the composition root, which builds every service once and hands them out through the shell api;
//   the views (every other folder: routes, remote-outlet, pages, layout, avv, staff …): what the user sees, the
//   first four in that order (SHELL_VIEW_FLOORS), avv/ and staff/ on their own;
//   shell-api/: the refs of the shell's capabilities and the React context that gives them to the views;
//   the services (SHELL_SERVICES): stores, gateways and api calls, plain code that the composition root builds.
// A new folder is a view until it is named a service here.
const SHELL = 'shell/src';
const SHELL_ROOT = 'composition';
const SHELL_API = 'shell-api';
const SHELL_SERVICES = [
  'account',
  'config',
  'connection',
  'i18n',
  'identity',
  'overage',
  'preferences',
  'remotes',
  'session',
];
const SHELL_VIEW_FLOORS = ['routes', 'remote-outlet', 'pages', 'layout'];
const SHELL_NOT_CODE = ['assets', 'locales', 'testing'];
const shellFolders = subfolders(SHELL).filter((name) => !SHELL_NOT_CODE.includes(name));
const shellViews = shellFolders.filter((name) => ![SHELL_ROOT, SHELL_API, 'sign-in', ...SHELL_SERVICES].includes(name));
const inShell = (names) => names.map((name) => `${SHELL}/${name}`);
const shellFloorZones = [
  {
    target: inShell(shellFolders.filter((name) => name !== SHELL_ROOT)),
    from: `${SHELL}/${SHELL_ROOT}`,
    message: 'Only the entry files import the composition root: nothing that it composes does.',
  },
  {
    target: inShell([SHELL_API, ...SHELL_SERVICES]),
    from: inShell(shellViews),
    message: 'The shell api and the services stand below the views: they never import one.',
  },
  ...SHELL_VIEW_FLOORS.slice(1).map((name, i) => ({
    target: `${SHELL}/${name}`,
    from: inShell(SHELL_VIEW_FLOORS.slice(0, i + 1)),
    message: `The views stand in floors (${SHELL_VIEW_FLOORS.join(', ')}, top to bottom): none imports one above it.`,
  })),
  {
    target: inShell(SHELL_SERVICES),
    from: `${SHELL}/${SHELL_API}`,
    message: 'A service never reads the shell api: the composition root hands the services out through it.',
  },
];

// The api's money floors, top to bottom: purchase (buying, settlement, renewal charges) above invoice, subscription
// and license, which stand above payment (the providers and their payments). A lower floor never imports a higher
// one, and no module imports the jobs, the seed or the account deletion that stand above all modules.
const API = 'api/src';
const apiFloorZones = [
  {
    target: [`${MODULES}/invoice`, `${MODULES}/subscription`, `${MODULES}/license`, `${MODULES}/payment`],
    from: [`${MODULES}/purchase`],
    message: 'purchase stands above invoice, subscription, license and payment: they never import it.',
  },
  {
    target: [`${MODULES}/payment`],
    from: [`${MODULES}/invoice`, `${MODULES}/subscription`, `${MODULES}/license`],
    message: 'payment (the providers and their payments) imports no other money module.',
  },
  {
    // modules/index.ts, which registers every module's routes, is the one file of modules/ that names them.
    target: modules.filter((module) => module !== 'account-deletion').map((module) => `${MODULES}/${module}`),
    from: [`${API}/jobs`, `${API}/seed`, `${MODULES}/account-deletion`],
    message: 'The jobs, the seed and the account deletion stand above the modules: no module imports them.',
  },
];
const boundaryZones = [...appZones, ...featureZones, ...moduleZones, ...apiFloorZones];

const TEST_FILES = ['**/*.test.{ts,tsx,js,mjs}', '**/*.spec.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      '.data/',
      '.nx/',
      'api/drizzle/',
      'e2e/test-results/',
      'e2e/artifacts/',
      // remotes the e2e journey generates from scripts/remote-template and builds
      'e2e/.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
      // The files import-x reads for their own imports (no-cycle follows them); by default only JavaScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaryZones }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // The shell's floors hold for its code; its tests and src/testing stand above all of it (they build the whole shell).
    files: [`${SHELL}/**/*.{ts,tsx}`],
    ignores: [...TEST_FILES, `${SHELL}/testing/**`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...boundaryZones, ...shellFloorZones] }],
    },
  },
  {
    // No import circle in the apps, @portal/shared and the api (import type is not followed: it costs nothing at run
    // time). In the api a module that serves another module's URLs from above registers its routes under that
    // prefix (api/src/modules/index.ts) instead of being imported by it.
    files: ['{shell,shared,mfe-*,api}/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A promise nobody awaits loses its error: void it where ignoring the outcome is right, otherwise handle it.
    // Needs type information (each package's tsconfig.json, found by the project service).
    files: ['{shell,shared,mfe-*,api}/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.cjs', '**/*.config.js', '**/webpack/*.js', '**/jest/*.js', '**/scripts/*.js', 'shared/config/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['{shell,shared,mfe-*}/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      // useLoad's deps are checked like an effect's (shared/src/services/use-load.ts).
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLoad$' }],
      // Focusing the first control of a dialog (MUI components) is what WAI-ARIA asks for; raw DOM autofocus is not.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // Test helpers (src/testing, api/test) are for tests and the standalone dev pages only; MUI by component folder.
    files: ['{shell,shared,mfe-*,api}/src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, '**/src/testing/**', '**/src/dev/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/material',
              message: "Import MUI per component folder ('@mui/material/Button'): the portal shares MUI by folder.",
            },
          ],
          patterns: [
            {
              group: ['**/testing', '**/testing/*', '@portal/shared/testing', '**/test/*'],
              message: 'Test helpers are for tests only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['{shell,shared,mfe-*,api}/**/*.test.{ts,tsx,js}', '**/src/testing/**', 'api/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Playwright runs callbacks of page.evaluate in the browser.
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
