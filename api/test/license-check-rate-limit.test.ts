// POST /api/license/check is limited per license key on top of the per-address limit (issue 9): one key from many
// addresses still hits its limit; unknown keys are counted like real ones (the limit tells nothing about a key).
import type { License } from '@portal/shared/domain';
import { issueLicense } from '../src/modules/license/activation';
import { findProduct } from '../src/modules/license/product/repository';
import { createTestApp, registerUser, type TestApp } from './helpers';

const PER_KEY = 3;
let t: TestApp;
let license: License;
beforeAll(async () => {
  t = await createTestApp({ LICENSE_CHECK_PER_KEY_MAX: String(PER_KEY), RATE_LIMIT_MAX: '1000' });
  const seller = await registerUser(t.app);
  license = await issueLicense(
    t.app.db,
    { userId: seller.uid, email: seller.email },
    (await findProduct(t.app.db, 'fresh_desk-basic-monthly'))!,
  );
}, 90_000);
afterAll(async () => t?.close());

let address = 0;
/** Every call from another client address: only the per-key counter can add up. */
const check = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/license/check',
    remoteAddress: `198.51.100.${(address += 1) % 250}`,
    payload: { key, plugin: 'fresh_desk', identifier: { type: 'domain', value: 'shop.example.de' } },
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
});
