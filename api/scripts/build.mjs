// `npm run build -w api`: the api as JavaScript for production (`node dist/server.js`, no TypeScript at run time).
// esbuild bundles each entry into dist/ (CommonJS for node 20, source maps beside). Packages from node_modules stay
// external and are loaded from the install; @portal/shared is a workspace of TypeScript sources and is bundled in.
// Files the api reads at run time (drizzle/, assets/, registry/) stay where they are: the code finds them from the
// api package folder (src/lib/api-root.ts). What the shell provides to remotes (react, MUI … versions) is read at build
// time and written into the bundle: a production install has none of the frontends' libraries.
//   node scripts/build.mjs [--outdir=<folder>]   (default dist/; the production-install test builds elsewhere)
import fs from 'node:fs';
import Module, { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import runner from './run.cjs';

const { ENTRIES } = runner;

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Workspace packages compiled into the bundle (their package.json points at TypeScript sources). */
const BUNDLED_PACKAGES = ['@portal/shared'];

/** Every bare import (a package) is external except the bundled workspaces; relative imports are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const isBundled = BUNDLED_PACKAGES.some((p) => args.path === p || args.path.startsWith(`${p}/`));
      return isBundled ? undefined : { path: args.path, external: true };
    });
  },
};

/** The package a bare import names: `@aws-sdk/client-s3` of `@aws-sdk/client-s3/x`, `pg` of `pg/lib`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Packages the bundle loads that api/package.json does not declare as dependencies: a production install might not
 * have them (they would only be found today because another workspace's dependency is hoisted).
 */
function undeclaredPackages(metafile) {
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));
  const loaded = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      const builtin = imported.path.startsWith('node:') || builtinModules.includes(imported.path.split('/')[0]);
      if (imported.external && !builtin) loaded.add(packageOf(imported.path));
    }
  }
  return [...loaded].filter((name) => !(name in dependencies)).sort();
}

/** readShellProvides (src/modules/staff/shell-provides.ts) run now, against the install the build runs in. */
async function shellProvidesNow() {
  const file = path.join(API_DIR, 'src', 'modules', 'staff', 'shell-provides.ts');
  const { outputFiles } = await build({
    absWorkingDir: API_DIR,
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    write: false,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  const loaded = new Module(file);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(path.dirname(file));
  loaded._compile(outputFiles[0].text, file);
  return loaded.exports.readShellProvides();
}

export async function buildApi({ outdir = path.join(API_DIR, 'dist') } = {}) {
  const shellProvides = await shellProvidesNow();
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: API_DIR,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(API_DIR, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    // Shared code between the entries is bundled into each: five self-contained files, no chunk loading.
    splitting: false,
    plugins: [externalPackages],
    define: { __SHELL_PROVIDES__: JSON.stringify(shellProvides) },
    logLevel: 'warning',
    metafile: true,
  });
  const undeclared = undeclaredPackages(result.metafile);
  if (undeclared.length) {
    throw new Error(
      `the api bundle loads packages api/package.json does not list in dependencies: ${undeclared.join(', ')}`,
    );
  }
  return result;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const outArg = process.argv.slice(2).find((a) => a.startsWith('--outdir='));
  const outdir = outArg ? path.resolve(outArg.slice('--outdir='.length)) : undefined;
  const started = Date.now();
  const { metafile } = await buildApi({ outdir });
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const size = outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
  console.log(
    `api built: ${outputs.length} entries, ${(size / 1024).toFixed(0)} KiB in ${path.relative(process.cwd(), outdir ?? path.join(API_DIR, 'dist')) || '.'} (${Date.now() - started} ms)`,
  );
}
