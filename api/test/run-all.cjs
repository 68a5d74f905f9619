// `npm test`: the suite on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const jest = require.resolve('jest/bin/jest');
const args = process.argv.slice(2);
const cwd = path.resolve(__dirname, '..');

const { TEST_DATABASE_URL, ...pgliteEnv } = process.env;
console.log('\n▶ api tests on PGlite\n');
let result = spawnSync(process.execPath, [jest, ...args], { cwd, stdio: 'inherit', env: pgliteEnv });
if (result.status !== 0) process.exit(result.status ?? 1);

if (TEST_DATABASE_URL) {
  console.log(`\n▶ api tests on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')})\n`);
  result = spawnSync(process.execPath, [jest, ...args], { cwd, stdio: 'inherit', env: process.env });
  process.exit(result.status ?? 1);
}
