// POST /api/license/check is limited per license key on top of the per-address limit: one key from many
// addresses still hits its limit; unknown keys are counted like real ones (the limit tells nothing about a key).
import type { License } from '@portal/shared/domain';
import { issueLicense } from '../src/modules/license/activation';
import { findProduct } from '../src/modules/license/product/repository';
import { createTestApp, registerUser, type TestApp } from './helpers';

const PER_KEY = 3;
const PER_ADDRESS = 8;
let t: TestApp;
let license: License;
let otherShop: License;
beforeAll(async () => {
  t = await createTestApp({
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    LICENSE_CHECK_PER_KEY_MAX: String(PER_KEY),
    RATE_LIMIT_MAX: String(PER_ADDRESS),
  });
  const seller = await registerUser(t.app);
  const product = (await findProduct(t.app.db, 'fresh_desk-basic-monthly'))!;
  license = await issueLicense(t.app.db, { userId: seller.uid, email: seller.email }, product);
  otherShop = await issueLicense(t.app.db, { userId: seller.uid, email: seller.email }, product);
}, 90_000);
afterAll(async () => t?.close());

let address = 0;
const nextAddress = () => `198.51.100.${(address += 1) % 250}`;
const body = (key: string) => ({ key, plugin: 'fresh_desk', identifier: { type: 'domain', value: 'shop.example.de' } });
/** Every call from another client address: only the per-key counter can add up. */
const check = (key: string) =>
  t.app.inject({ method: 'POST', url: '/api/license/check', remoteAddress: nextAddress(), payload: body(key) });
/** A call through the portal server (a trusted proxy on loopback) for the client `client`. */
const checkVia = (client: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/license/check',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': client },
    payload: body(key),
  });

describe('POST /api/license/check per-key rate limit', () => {
  it('answers 429 with Retry-After once a key is over its limit, whatever the address; other keys still pass', async () => {
    for (let i = 0; i < PER_KEY; i += 1) expect((await check(license.key)).statusCode).toBe(200);
    const over = await check(license.key);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ slug: 'too-many-requests' });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same key in another spelling is the same key.
    expect((await check(` ${license.key.toLowerCase()} `)).statusCode).toBe(429);

    const other = await check('FD-0000-0000-0000-0000');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ valid: false, code: 'NOT_FOUND' });
  });

  it('counts an unknown key exactly like a real one (same answers, same limit)', async () => {
    const unknown = 'FD-ZZZZ-ZZZZ-ZZZZ-ZZZ1';
    const answers = [];
    for (let i = 0; i <= PER_KEY; i += 1) answers.push((await check(unknown)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it("through the portal server: one client over its per-address limit refuses no other shop's check; a key is limited across clients", async () => {
    // A client guessing keys: each one new (the per-key limit never applies), its address stops it.
    const guesser = nextAddress();
    const guesses = [];
    for (let i = 0; i <= PER_ADDRESS; i += 1) {
      guesses.push((await checkVia(guesser, `FD-GUES-${String(i).padStart(4, '0')}-ZZZZ-ZZZZ`)).statusCode);
    }
    expect(guesses).toEqual([...Array(PER_ADDRESS).fill(200), 429]);

    // Another shop behind the same portal server still gets its answer, up to its key's limit from any of its clients.
    const answers = [];
    for (let i = 0; i <= PER_KEY; i += 1) answers.push((await checkVia(nextAddress(), otherShop.key)).statusCode);
    expect(answers).toEqual([...Array(PER_KEY).fill(200), 429]);
    expect((await checkVia(nextAddress(), 'FD-0000-0000-0000-0001')).statusCode).toBe(200);
  });
});
