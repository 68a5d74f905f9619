// Runs drizzle-kit so that it sees api's drizzle-orm (npm keeps drizzle-orm in api/node_modules, while
// drizzle-kit is hoisted to the root and would not find it). Usage: node scripts/drizzle-kit.cjs generate
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const apiDir = path.resolve(__dirname, '..');
function packageDir(name) {
  for (let dir = apiDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed`);
  }
}
const kitDir = packageDir('drizzle-kit');
const ormDir = packageDir('drizzle-orm');
const shim = fs.mkdtempSync(path.join(os.tmpdir(), 'drizzle-kit-'));
fs.mkdirSync(path.join(shim, 'node_modules'));
fs.symlinkSync(kitDir, path.join(shim, 'node_modules', 'drizzle-kit'));
fs.symlinkSync(ormDir, path.join(shim, 'node_modules', 'drizzle-orm'));
const nodePath = [path.join(apiDir, 'node_modules'), path.join(apiDir, '..', 'node_modules')].join(path.delimiter);
const result = spawnSync(
  process.execPath,
  [
    '--preserve-symlinks',
    '--preserve-symlinks-main',
    path.join(shim, 'node_modules', 'drizzle-kit', 'bin.cjs'),
    ...process.argv.slice(2),
  ],
  { cwd: apiDir, stdio: 'inherit', env: { ...process.env, NODE_PATH: nodePath } },
);
fs.rmSync(shim, { recursive: true, force: true });
process.exit(result.status ?? 1);
