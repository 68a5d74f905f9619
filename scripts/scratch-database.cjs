// A throwaway PostgreSQL database for a test: created on the server of a base URL, dropped (with its connections)
// when the test is done. One helper for the api's jest tests and the scripts' node tests alike, so every test
// names, creates and drops its databases the same way. CommonJS so both can load it.
const { randomBytes } = require('node:crypto');
const path = require('node:path');

const { Client } = require(require.resolve('pg', { paths: [path.join(__dirname, '..', 'api'), __dirname] }));

/**
 * Whether a PostgreSQL server accepts a login at `baseUrl` (a real query, not just an open port).
 * @param {string} baseUrl
 * @returns {Promise<boolean>}
 */
async function postgresAnswers(baseUrl) {
  const client = new Client({ connectionString: baseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * @param {string} baseUrl any database URL of the server
 * @param {string} prefix  names the test in the database's name, e.g. `portal_migrate`
 * @returns {Promise<{ name: string, url: string, drop(): Promise<void> }>}
 */
async function scratchDatabase(baseUrl, prefix) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Runs one statement on the database of `baseUrl` in a connection of its own.
 * @param {string} baseUrl @param {string} statement
 */
async function adminQuery(baseUrl, statement) {
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

module.exports = { adminQuery, postgresAnswers, scratchDatabase };
