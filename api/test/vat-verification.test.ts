// The profile's VAT ID checked with VIES (the simulator, real HTTP): on save, on Retry and before a purchase.
import { eq } from 'drizzle-orm';
import { isVatIdVerified, type VatVerification } from '@portal/shared/domain';
import { profiles } from '../src/db/schema';
import { buyerSnapshot } from '../src/modules/invoice';
import { loadContactWithVatCheck, VAT_CHECK_REUSE_MS } from '../src/modules/user/profile';
import { findUser } from '../src/modules/user';
import { COMPLETE_CONTACT, createTestApp, registerUser, type TestApp, type TestIdentity } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startViesSimulator } = require('../../scripts/vies-simulator.cjs') as {
  startViesSimulator(): Promise<{
    url: string;
    requests: unknown[];
    setUnavailable(codes: string[] | '*'): void;
    close(): Promise<void>;
  }>;
};

let sim: Awaited<ReturnType<typeof startViesSimulator>>;
let t: TestApp;
beforeAll(async () => {
  // Its own simulator: these tests switch member states off and on.
  sim = await startViesSimulator();
  t = await createTestApp({ VIES_URL: sim.url });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
afterEach(() => sim.setUnavailable([]));

const AUSTRIAN = { ...COMPLETE_CONTACT, country: 'AT', postalCode: '1070', city: 'Wien' };
/** In the simulator's register: valid. */
const REGISTERED = 'ATU13585627';
/** What VIES confirms for REGISTERED: the registered company, with the request id of the check. */
const CONFIRMED = {
  status: 'valid',
  vatId: REGISTERED,
  name: 'Alpenblick Versandhandel GmbH',
  address: 'Mariahilfer Straße 88\n1070 Wien',
  requestId: expect.stringMatching(/^WAPI/),
  checkedAt: expect.any(String),
};
/** Right check digits, but no company has it: invalid. */
const MADE_UP = 'ATU12345675';
/** The register answers MS_UNAVAILABLE for it. */
const UNAVAILABLE = 'ATU10223006';

const save = (user: TestIdentity, vatID: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/profile/contact',
    headers: user.headers,
    payload: { ...AUSTRIAN, vatID },
  });
const retry = (user?: TestIdentity) =>
  t.app.inject({ method: 'POST', url: '/api/user/profile/vat-verification', headers: user?.headers ?? {} });
const getContact = (user: TestIdentity) =>
  t.app.inject({ url: '/api/user/profile/contact', headers: user.headers }).then((r) => r.json());

describe('VAT ID verification on save', () => {
  it('confirms a registered VAT ID with name, address, consultation number and date', async () => {
    const a = await registerUser(t.app);
    const res = await save(a, 'atu 13585627');
    expect(res.statusCode).toBe(200);
    const verification: VatVerification = res.json().vatVerification;
    expect(verification).toEqual({ ...CONFIRMED, error: null });
    expect(Date.now() - Date.parse(verification.checkedAt!)).toBeLessThan(60_000);
    // Stored: GET shows the same answer.
    expect((await getContact(a)).vatVerification).toEqual(verification);
  });

  it('marks a made-up number with right check digits invalid', async () => {
    const a = await registerUser(t.app);
    const res = await save(a, MADE_UP);
    expect(res.statusCode).toBe(200);
    expect(res.json().vatVerification).toMatchObject({ status: 'invalid', vatId: MADE_UP, name: null, error: null });
  });

  it('saves the profile as "not verified yet" when the member state is unavailable', async () => {
    const a = await registerUser(t.app);
    const res = await save(a, UNAVAILABLE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vatID: UNAVAILABLE, city: 'Wien' });
    expect(res.json().vatVerification).toMatchObject({
      status: 'unverified',
      vatId: UNAVAILABLE,
      error: 'MS_UNAVAILABLE',
      checkedAt: expect.any(String),
    });
  });

  it('refuses a malformed VAT ID with 400 and the field, without asking VIES', async () => {
    const a = await registerUser(t.app);
    const before = sim.requests.length;
    const res = await save(a, 'ATU1234');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ slug: 'validation-error', fields: { vatID: 'validation_vatID_invalid' } });
    expect(sim.requests.length).toBe(before);
  });

  it('has no verification without a VAT ID or for one outside the EU', async () => {
    const a = await registerUser(t.app);
    expect((await save(a, '')).json().vatVerification).toBeNull();
    const swiss = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/contact',
      headers: a.headers,
      payload: { ...COMPLETE_CONTACT, country: 'CH', postalCode: '8001', city: 'Zürich', vatID: 'CHE-123.456.788' },
    });
    expect(swiss.statusCode).toBe(200);
    expect(swiss.json().vatVerification).toBeNull();
  });

  it('drops the confirmation when the VAT ID changes, and keeps it on a save with the same VAT ID', async () => {
    const a = await registerUser(t.app);
    const first = (await save(a, REGISTERED)).json().vatVerification;
    const asked = sim.requests.length;
    // Same VAT ID, another street: the confirmation stays, VIES is not asked again.
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/contact',
      headers: a.headers,
      payload: { ...AUSTRIAN, street: 'Neubaugasse', vatID: REGISTERED },
    });
    expect(again.json().vatVerification).toEqual(first);
    expect(sim.requests.length).toBe(asked);

    // Another VAT ID while VIES is down: the old confirmation does not carry over.
    sim.setUnavailable(['AT']);
    const changed = (await save(a, 'ATU12345675')).json().vatVerification;
    expect(changed).toMatchObject({ status: 'unverified', vatId: MADE_UP, requestId: null, name: null });
    const [row] = await t.app.db.select().from(profiles).where(eq(profiles.userId, a.uid));
    expect(row).toMatchObject({ vatCheckVatId: MADE_UP, vatCheckStatus: 'unverified', vatCheckName: null });
  });
});

describe('POST /user/profile/vat-verification (Retry)', () => {
  it('asks VIES again: "not verified yet" becomes verified once the member state answers', async () => {
    const a = await registerUser(t.app);
    sim.setUnavailable(['AT']);
    expect((await save(a, REGISTERED)).json().vatVerification).toMatchObject({ status: 'unverified' });
    const stillDown = await retry(a);
    expect(stillDown.statusCode).toBe(200);
    expect(stillDown.json()).toMatchObject({ status: 'unverified', error: 'MS_UNAVAILABLE' });

    sim.setUnavailable([]);
    const res = await retry(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'valid', vatId: REGISTERED, name: 'Alpenblick Versandhandel GmbH' });
    expect((await getContact(a)).vatVerification).toEqual(res.json());
  });

  it('answers 400 when the profile has no VAT ID VIES could check', async () => {
    const a = await registerUser(t.app);
    const res = await retry(a);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      slug: 'vat-id-not-checkable',
      message: expect.any(String),
      fields: { vatID: 'api_error_vat_id_not_checkable' },
    });
  });

  it("answers 401 without a token, and checks only the caller's own VAT ID", async () => {
    expect((await retry()).statusCode).toBe(401);
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    sim.setUnavailable(['AT']);
    await save(a, REGISTERED);
    await save(b, MADE_UP);
    sim.setUnavailable([]);
    const res = await retry(b);
    expect(res.json()).toMatchObject({ status: 'invalid', vatId: MADE_UP });
    // A's answer is untouched by B's retry.
    expect((await getContact(a)).vatVerification).toMatchObject({ status: 'unverified', vatId: REGISTERED });
  });
});

describe('the check before a purchase (loadContactWithVatCheck)', () => {
  const deps = () => ({ db: t.app.db, vies: t.app.vies });

  it('reuses a fresh confirmation, and asks VIES again once it is older than the reuse time', async () => {
    const a = await registerUser(t.app);
    await save(a, REGISTERED);
    const user = (await findUser(t.app.db, a.uid))!;
    const asked = sim.requests.length;
    const fresh = await loadContactWithVatCheck(deps(), user);
    expect(isVatIdVerified(fresh.vatID, fresh.vatVerification)).toBe(true);
    expect(sim.requests.length).toBe(asked);

    const old = new Date(Date.now() - VAT_CHECK_REUSE_MS - 1000);
    await t.app.db.update(profiles).set({ vatCheckedAt: old }).where(eq(profiles.userId, a.uid));
    const rechecked = await loadContactWithVatCheck(deps(), user);
    expect(sim.requests.length).toBe(asked + 1);
    expect(rechecked.vatVerification).toMatchObject({ status: 'valid' });
    expect(Date.parse(rechecked.vatVerification!.checkedAt!)).toBeGreaterThan(old.getTime());
  });

  it('is not verified when VIES cannot answer at purchase time: taxed as without a VAT ID, never blocked', async () => {
    const a = await registerUser(t.app);
    await save(a, REGISTERED);
    await t.app.db
      .update(profiles)
      .set({ vatCheckedAt: new Date(Date.now() - VAT_CHECK_REUSE_MS - 1000) })
      .where(eq(profiles.userId, a.uid));
    sim.setUnavailable('*');
    const contact = await loadContactWithVatCheck(deps(), (await findUser(t.app.db, a.uid))!);
    expect(contact.vatVerification).toMatchObject({ status: 'unverified', error: 'MS_UNAVAILABLE' });
    expect(isVatIdVerified(contact.vatID, contact.vatVerification)).toBe(false);
    // The invoice keeps no confirmation then.
    expect(buyerSnapshot(contact, 'de').vatVerification).toBeNull();
  });

  it("puts the confirmation into the invoice's buyer snapshot as proof", async () => {
    const a = await registerUser(t.app);
    await save(a, REGISTERED);
    const contact = await loadContactWithVatCheck(deps(), (await findUser(t.app.db, a.uid))!);
    expect(buyerSnapshot(contact, 'en')).toMatchObject({
      vatId: REGISTERED,
      vatVerification: CONFIRMED,
    });
  });
});
