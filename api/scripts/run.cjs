// `npm run migrate|backup|restore|job -w api -- <args>` (and the root's `npm run migrate` etc.): one command-line
// entry of the api. A production install (npm ci --omit=dev, no tsx) runs the build, dist/<name>.js; a development
// checkout (tsx installed) runs the TypeScript source, so a command never runs an older build than the code beside it.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const API_DIR = path.resolve(__dirname, '..');

/** dist/<name>.js ← source (scripts/build.mjs bundles each). */
const ENTRIES = {
  server: 'src/server.ts',
  migrate: 'src/db/migrate-cli.ts',
  backup: 'src/db/backup-cli.ts',
  restore: 'src/db/restore-cli.ts',
  'run-job': 'scripts/run-job.ts',
};

/** tsx's loader as a file URL (node resolves a bare `--import tsx` from the cwd, which may be anywhere), or null. */
function tsxLoader() {
  try {
    return pathToFileURL(require.resolve('tsx', { paths: [API_DIR] })).href;
  } catch {
    return null;
  }
}

function run(name, args) {
  const source = ENTRIES[name];
  if (!source) {
    console.error(`usage: run.cjs <${Object.keys(ENTRIES).join('|')}> [args]`);
    process.exit(2);
  }
  const loader = tsxLoader();
  if (loader) {
    const result = spawnSync(process.execPath, ['--import', loader, path.join(API_DIR, source), ...args], {
      stdio: 'inherit',
    });
    process.exit(result.status ?? 1);
  }
  const built = path.join(API_DIR, 'dist', `${name}.js`);
  if (!fs.existsSync(built)) {
    console.error(`${path.relative(process.cwd(), built)} is missing: run \`npm run build -w api\` first`);
    process.exit(1);
  }
  process.argv = [process.argv[0], built, ...args];
  require(built);
}

module.exports = { ENTRIES };

if (require.main === module) run(process.argv[2], process.argv.slice(3));
