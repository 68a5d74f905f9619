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
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...appZones, ...featureZones, ...moduleZones] },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['**/*.cjs', '**/*.config.js', '**/webpack/*.js', '**/jest/*.js', '**/scripts/*.js'],
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
