#!/usr/bin/env node
// A local stand-in for VIES, the EU's VAT number register, speaking the REST protocol the api's client uses
// (api/src/services/vies/client.ts):
//
//   POST <base>/check-vat-number  {countryCode, vatNumber, requesterMemberStateCode?, requesterNumber?}
//        → {countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address, ...}
//        → failures as {actionSucceed: false, errorWrappers: [{error, message}]} (INVALID_INPUT with HTTP 400,
//          MS_UNAVAILABLE and the other "cannot answer now" codes with HTTP 200, as VIES sends them)
//   GET  <base>/check-status      → {vow: {available}, countries: [{countryCode, availability}]}
//
// Only the VAT IDs of the register file are valid (with their name and address); every other number is invalid,
// whether its check digits are right or not. A register entry with "error" answers that error code instead, one with
// "delayMs" answers that much later (a slow member state). The register is read on every request, so an edited file
// counts at once. A qualified check (with a requester) gets a consultation number; one without gets none.
//
// For tests, the control endpoints (not part of VIES):
//   PUT    /_simulator/unavailable  {"countryCodes": ["AT"]} or {"countryCodes": "*"}  → those answer MS_UNAVAILABLE
//   DELETE /_simulator/unavailable                                                     → all available again
//   GET    /_simulator/requests     → the last 100 check-vat-number request bodies, newest last
//
// Run alone: node scripts/vies-simulator.cjs   (PORT default 9190, HOST 127.0.0.1, VIES_REGISTRY_FILE default
// scripts/vies-registry.json). `npm start`, the e2e stack and the api tests start it themselves.
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const DEFAULT_REGISTRY_FILE = path.join(__dirname, 'vies-registry.json');

/** VIES's member-state codes: the 27 (Greece as EL) and XI, Northern Ireland. */
const MEMBER_STATES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
]; // prettier-ignore

const MESSAGES = {
  INVALID_INPUT: 'The provided CountryCode is invalid or the VAT number is empty',
  INVALID_REQUESTER_INFO: 'The requester member state code or VAT number is invalid',
  MS_UNAVAILABLE: 'The application at the Member State is not replying or not available. Please refer to the Technical Information page to check the status of the requested Member State, try again later',
  MS_MAX_CONCURRENT_REQ: 'Your Request for VAT validation has not been processed; the maximum number of concurrent requests for this Member State has been reached',
  SERVICE_UNAVAILABLE: 'An error was encountered either at the network level or the Web application level, try again later',
  TIMEOUT: 'The application did not receive a reply within the allocated time period, try again later',
}; // prettier-ignore

const VAT_NUMBER = /^[0-9A-Za-z+*.]{2,12}$/;

function readRegistry(file) {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  const companies = parsed.companies ?? {};
  return new Map(Object.entries(companies).map(([id, entry]) => [id.replace(/[^0-9A-Z]/gi, '').toUpperCase(), entry]));
}

function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const failure = (error) => ({
  actionSucceed: false,
  errorWrappers: [{ error, message: MESSAGES[error] ?? error }],
});

/** Like VIES's own (e.g. WAPIAAAAZ3kQ8bXr): 16 characters, upper-case letters and digits after WAPI. */
function consultationNumber() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return `WAPI${Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('')}`;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      data += chunk;
      if (data.length > 64 * 1024) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/**
 * Starts the simulator. Resolves with { url, port, close(), setUnavailable(codes), requests }.
 * @param {{ port?: number, host?: string, registryFile?: string }} options
 */
function startViesSimulator({ port = 0, host = '127.0.0.1', registryFile = DEFAULT_REGISTRY_FILE } = {}) {
  /** Member states that answer MS_UNAVAILABLE ('*': all). */
  let unavailable = new Set();
  const requests = [];
  const isUnavailable = (code) => unavailable.has('*') || unavailable.has(code);

  async function checkVatNumber(req, res) {
    let body;
    try {
      body = JSON.parse((await readBody(req)) || '{}');
    } catch {
      return sendJson(res, 400, failure('INVALID_INPUT'));
    }
    requests.push(body);
    if (requests.length > 100) requests.shift();
    const countryCode = String(body.countryCode ?? '').toUpperCase();
    const vatNumber = String(body.vatNumber ?? '');
    if (!MEMBER_STATES.includes(countryCode) || !VAT_NUMBER.test(vatNumber)) {
      return sendJson(res, 400, failure('INVALID_INPUT'));
    }
    const qualified = body.requesterMemberStateCode !== undefined || body.requesterNumber !== undefined;
    if (
      qualified &&
      (!MEMBER_STATES.includes(String(body.requesterMemberStateCode ?? '').toUpperCase()) ||
        !VAT_NUMBER.test(String(body.requesterNumber ?? '')))
    ) {
      return sendJson(res, 400, failure('INVALID_REQUESTER_INFO'));
    }
    if (isUnavailable(countryCode)) return sendJson(res, 200, failure('MS_UNAVAILABLE'));

    const entry = readRegistry(registryFile).get(`${countryCode}${vatNumber.toUpperCase()}`);
    if (entry?.delayMs) {
      // A caller that gave up (closed its connection) gets no answer, and its wait keeps nothing alive.
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, Number(entry.delayMs));
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (res.destroyed) return;
    }
    if (entry?.error) return sendJson(res, 200, failure(String(entry.error)));
    const valid = Boolean(entry);
    sendJson(res, 200, {
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid,
      requestIdentifier: qualified ? consultationNumber() : '',
      name: valid ? (entry.name ?? '---') : '---',
      address: valid ? (entry.address ?? '---') : '---',
      traderName: '',
      traderStreet: '',
      traderPostalCode: '',
      traderCity: '',
      traderCompanyType: '',
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    });
  }

  function checkStatus(res) {
    sendJson(res, 200, {
      vow: { available: true },
      countries: MEMBER_STATES.map((countryCode) => ({
        countryCode,
        availability: isUnavailable(countryCode) ? 'Unavailable' : 'Available',
      })),
    });
  }

  async function control(req, res) {
    if (req.method === 'DELETE') {
      unavailable = new Set();
      return sendJson(res, 200, { unavailable: [] });
    }
    let body;
    try {
      body = JSON.parse((await readBody(req)) || '{}');
    } catch {
      return sendJson(res, 400, { message: 'body must be JSON: {"countryCodes": ["AT"]} or {"countryCodes": "*"}' });
    }
    const codes = body.countryCodes === '*' ? ['*'] : body.countryCodes;
    if (!Array.isArray(codes)) return sendJson(res, 400, { message: 'countryCodes must be a list or "*"' });
    unavailable = new Set(codes.map((c) => String(c).toUpperCase()));
    sendJson(res, 200, { unavailable: [...unavailable] });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const route = url.pathname.replace(/\/+$/, '');
    const done = (promise) =>
      Promise.resolve(promise).catch((error) => {
        if (!res.headersSent) sendJson(res, 500, failure('SERVICE_UNAVAILABLE'));
        console.error(`[vies] ${error.message}`);
      });
    if (req.method === 'POST' && route.endsWith('/check-vat-number')) return done(checkVatNumber(req, res));
    if (req.method === 'GET' && route.endsWith('/check-status')) return done(checkStatus(res));
    if (route === '/_simulator/unavailable' && (req.method === 'PUT' || req.method === 'DELETE')) {
      return done(control(req, res));
    }
    if (req.method === 'GET' && route === '/_simulator/requests') return sendJson(res, 200, requests);
    sendJson(res, 404, { message: `no route ${req.method} ${url.pathname}` });
  });
  // Tests close it between files: no idle keep-alive socket may hold the process open.
  server.keepAliveTimeout = 1000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const bound = server.address().port;
      resolve({
        url: `http://${host}:${bound}`,
        port: bound,
        requests,
        setUnavailable(codes) {
          unavailable = new Set(codes === '*' ? ['*'] : codes.map((c) => c.toUpperCase()));
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

module.exports = { startViesSimulator, DEFAULT_REGISTRY_FILE };

if (require.main === module) {
  const registryFile = path.resolve(process.env.VIES_REGISTRY_FILE || DEFAULT_REGISTRY_FILE);
  try {
    readRegistry(registryFile);
  } catch (error) {
    console.error(`[vies] VIES_REGISTRY_FILE ${registryFile} cannot be read as the register: ${error.message}`);
    process.exit(1);
  }
  startViesSimulator({
    port: Number(process.env.PORT || 9190),
    host: process.env.HOST || '127.0.0.1',
    registryFile,
  }).then(
    (sim) => {
      console.log(`VIES simulator on ${sim.url} (register ${path.relative(process.cwd(), registryFile)})`);
      const stop = () => sim.close().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (error) => {
      console.error(`[vies] cannot listen: ${error.message}`);
      process.exit(1);
    },
  );
}
