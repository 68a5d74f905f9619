import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isLicenseValid, LICENSE_SORT_ORDER_VALUES, sortLicenses, type License } from '@portal/shared/domain';
import { licenses } from '../src/db/schema';
import { findProduct } from '../src/modules/license/product/repository';
import { issueLicense } from '../src/modules/license/activation';
import { validLicenseSql } from '../src/modules/license/repository';
import {
  createSubUser,
  createTestApp,
  offerEveryPlugin,
  registerUser,
  type TestApp,
  type TestIdentity,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await offerEveryPlugin(t.app);
}, 90_000);
afterAll(async () => t?.close());

const DAY = 86_400_000;

async function give(
  owner: TestIdentity,
  productId: string,
  opts: { createdDaysAgo?: number; expiresInDays?: number | null; status?: 'active' | 'inactive' } = {},
) {
  const key = `TEST-${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
  await t.app.db.insert(licenses).values({
    userId: owner.uid,
    productId,
    key,
    status: opts.status ?? 'active',
    createdAt: new Date(Date.now() - (opts.createdDaysAgo ?? 0) * DAY),
    expiresAt: opts.expiresInDays == null ? null : new Date(Date.now() + opts.expiresInDays * DAY),
    licenseUsers: [{ type: 'email', value: owner.email }],
  });
  return key;
}

const inject = (method: 'GET' | 'POST', url: string, who: TestIdentity | null, payload?: object) =>
  t.app.inject({ method, url: `/api/license${url}`, headers: who?.headers, payload });

describe('POST /license/product/free_or_trial', () => {
  it('activates a 3-day trial once per plugin', async () => {
    const a = await registerUser(t.app);
    const before = Date.now();
    const res = await inject('POST', '/product/free_or_trial?licenseProductID=fresh_desk-trial', a);
    expect(res.statusCode).toBe(201);
    const license = res.json() as License;
    expect(license).toMatchObject({
      productId: 'fresh_desk-trial',
      productName: 'Fresh Desk Trial',
      pluginName: 'fresh_desk',
      status: 'active',
      licenseTypeDetails: { type: 'trial' },
      licenseUser: [{ type: 'email', value: a.email }],
      priceNetto: { amount: 0, currency: 'EUR' },
    });
    expect(license.key).toMatch(/^FD-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const expiry = Date.parse(license.licenseExpired!);
    expect(expiry - before).toBeGreaterThanOrEqual(3 * DAY - 1000);
    expect(expiry - before).toBeLessThan(3 * DAY + 60_000);
    expect(isLicenseValid(license)).toBe(true);

    const again = await inject('POST', '/product/free_or_trial?licenseProductID=fresh_desk-trial', a);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      slug: 'trial-already-used',
      message: 'The free trial of this plugin has already been used',
    });
    // Another plugin's trial is still possible.
    expect((await inject('POST', '/product/free_or_trial?licenseProductID=gpsr-trial', a)).statusCode).toBe(201);
    expect((await inject('GET', '/all', a)).json().total).toBe(2);
  });

  it('lets only one of two simultaneous trial activations through', async () => {
    const a = await registerUser(t.app);
    const results = await Promise.all(
      [0, 1].map(() => inject('POST', '/product/free_or_trial?licenseProductID=lieferbar-trial', a)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await inject('GET', '/all', a)).json().total).toBe(1);
  });

  it('activates a free product without expiry, once', async () => {
    const a = await registerUser(t.app);
    const res = await inject('POST', '/product/free_or_trial?licenseProductID=mobile_default-free', a);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      pluginName: 'mobile_default',
      licenseExpired: null,
      licenseTypeDetails: { type: 'free', extraOptions: { max_users: 1 } },
    });
    expect(isLicenseValid(res.json(), new Date())).toBe(true);
    const again = await inject('POST', '/product/free_or_trial?licenseProductID=mobile_default-free', a);
    expect(again.statusCode).toBe(409);
    expect(again.json().slug).toBe('license-already-active');
  });

  it('refuses paid, unknown and missing products', async () => {
    const a = await registerUser(t.app);
    const paid = await inject('POST', '/product/free_or_trial?licenseProductID=fresh_desk-basic-monthly', a);
    expect(paid.statusCode).toBe(400);
    expect(paid.json()).toEqual({
      slug: 'product-not-free-or-trial',
      message: 'This product is neither free nor a trial; it has to be bought',
    });
    const unknown = await inject('POST', '/product/free_or_trial?licenseProductID=nope', a);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().slug).toBe('product-not-found');
    const missing = await inject('POST', '/product/free_or_trial', a);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().slug).toBe('validation-error');
    expect((await inject('GET', '/all', a)).json().total).toBe(0);
  });

  it('is for signed-in main users only', async () => {
    expect((await inject('POST', '/product/free_or_trial?licenseProductID=gpsr-trial', null)).statusCode).toBe(401);
    const a = await registerUser(t.app);
    const sub = await createSubUser(t.app, a);
    const res = await inject('POST', '/product/free_or_trial?licenseProductID=gpsr-trial', sub);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ slug: 'forbidden-for-subuser', message: 'Only the parent user can buy a license' });
    expect((await inject('GET', '/all', a)).json().total).toBe(0);
  });
});

describe('reading licenses', () => {
  let owner: TestIdentity;
  let sub: TestIdentity;
  let stranger: TestIdentity;
  let keys: Record<string, string>;

  beforeAll(async () => {
    owner = await registerUser(t.app);
    sub = await createSubUser(t.app, owner);
    stranger = await registerUser(t.app);
    keys = {
      fd: await give(owner, 'fresh_desk-advanced-yearly', { createdDaysAgo: 30, expiresInDays: 300 }),
      gpsr: await give(owner, 'gpsr-basic-monthly', { createdDaysAgo: 20, expiresInDays: 3 }),
      expired: await give(owner, 'lieferbar-basic-monthly', { createdDaysAgo: 60, expiresInDays: -30 }),
      free: await give(owner, 'mobile_default-free', { createdDaysAgo: 10, expiresInDays: null }),
      mobile: await give(owner, 'mobile-economical-monthly', { createdDaysAgo: 5, expiresInDays: 25 }),
    };
    await give(stranger, 'fresh_desk-basic-monthly', { expiresInDays: 30 });
  });

  it("pages the owner's licenses newest first", async () => {
    const res = await inject('GET', '/all?page=1&pageSize=2', owner);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page.items.map((l: License) => l.key)).toEqual([keys.mobile, keys.free]);
    const last = (await inject('GET', '/all?page=3&pageSize=2', owner)).json();
    expect(last.items.map((l: License) => l.key)).toEqual([keys.expired]);
    const all = (await inject('GET', '/all', owner)).json();
    expect(all).toMatchObject({ page: 1, pageSize: 10, total: 5 });
    expect(all.items.find((l: License) => l.key === keys.expired)).toMatchObject({
      status: 'inactive',
      pluginName: 'lieferbar',
    });
    expect(all.items.find((l: License) => l.key === keys.mobile).licenseTypeDetails.extraOptions.max_users).toBe(3);
  });

  it("shows a sub-user the parent's licenses and a stranger only their own", async () => {
    const subPage = (await inject('GET', '/all?page=1&pageSize=100', sub)).json();
    expect(subPage.total).toBe(5);
    const strangerPage = (await inject('GET', '/all?page=1&pageSize=100', stranger)).json();
    expect(strangerPage.total).toBe(1);
    expect(JSON.stringify(strangerPage)).not.toContain(keys.fd);
  });

  it('rejects bad paging and anonymous calls', async () => {
    const zero = await inject('GET', '/all?page=0', owner);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('page must be a whole number of 1 or more');
    const big = await inject('GET', '/all?pageSize=101', owner);
    expect(big.json().message).toBe('pageSize must be a whole number between 1 and 100');
    expect((await inject('GET', '/all?page=abc', owner)).statusCode).toBe(400);
    expect((await inject('GET', '/all', null)).statusCode).toBe(401);
  });

  it("lists one plugin's licenses (mobile includes mobile_default)", async () => {
    const mobile = (await inject('GET', '/plugin?pluginName=mobile', owner)).json() as License[];
    expect(mobile.map((l) => l.key).sort()).toEqual([keys.free, keys.mobile].sort());
    const gpsr = (await inject('GET', '/plugin?pluginName=gpsr', sub)).json() as License[];
    expect(gpsr.map((l) => l.key)).toEqual([keys.gpsr]);
    expect((await inject('GET', '/plugin?pluginName=gpsr', stranger)).json()).toEqual([]);
    const bad = await inject('GET', '/plugin?pluginName=xyz', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('pluginName must be one of');
    expect((await inject('GET', '/plugin', owner)).statusCode).toBe(400);
    expect((await inject('GET', '/plugin?pluginName=gpsr', null)).statusCode).toBe(401);
  });

  it('finds a license by key for the owner and the sub-user only', async () => {
    const own = await inject('GET', `/key/${keys.fd}`, owner);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      key: keys.fd,
      productId: 'fresh_desk-advanced-yearly',
      status: 'active',
      priceNetto: { amount: 49900 },
    });
    expect((await inject('GET', `/key/${keys.fd}`, sub)).statusCode).toBe(200);
    const foreign = await inject('GET', `/key/${keys.fd}`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ slug: 'license-not-found', message: 'License not found' });
    expect((await inject('GET', `/key/${keys.fd}`, null)).statusCode).toBe(401);
    const blank = await inject('GET', '/key/%20', owner);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      slug: 'validation-error',
      message: 'key is required',
      fields: { key: 'validation_field_invalid' },
    });
  });

  it('filters, sorts and counts', async () => {
    const byName = (await inject('POST', '/filter', owner, { sort: 'ProductName|ASC', pageSize: 100 })).json();
    expect(byName.items.map((l: License) => l.productName)).toEqual([
      'Fresh Desk Advanced Yearly',
      'GPSR Basic',
      'Lieferbar Basic',
      'Mobile App Economical',
      'Mobile App Free',
    ]);
    const byExpiry = (await inject('POST', '/filter', owner, { sort: 'LicenseExpired|DESC' })).json();
    expect(byExpiry.items.map((l: License) => l.key)).toEqual([
      keys.fd,
      keys.mobile,
      keys.gpsr,
      keys.expired,
      keys.free,
    ]);
    const oldest = (await inject('POST', '/filter', owner, { sort: 'LicenseCreated', page: 2, pageSize: 2 })).json();
    expect(oldest).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(oldest.items.map((l: License) => l.key)).toEqual([keys.gpsr, keys.free]);
    const active = (await inject('POST', '/filter', owner, { status: 'active' })).json();
    expect(active.total).toBe(4);
    const inactive = (await inject('POST', '/filter', sub, { status: 'inactive', pluginName: 'lieferbar' })).json();
    expect(inactive.items.map((l: License) => l.key)).toEqual([keys.expired]);
    const count = await inject('POST', '/filter/count', owner, { pluginName: 'mobile' });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ total: 2 });
    expect((await inject('POST', '/filter/count', stranger, {})).json()).toEqual({ total: 1 });
  });

  it('sorts in SQL exactly like the shared sortLicenses, for every order, and pages beyond the end', async () => {
    const all = (await inject('POST', '/filter', owner, { pageSize: 100 })).json().items as License[];
    for (const sort of LICENSE_SORT_ORDER_VALUES) {
      const res = (await inject('POST', '/filter', owner, { sort, pageSize: 100 })).json();
      expect([sort, res.items.map((l: License) => l.key)]).toEqual([sort, sortLicenses(all, sort).map((l) => l.key)]);
    }
    const beyond = (await inject('POST', '/filter', owner, { page: 9, pageSize: 2 })).json();
    expect(beyond).toEqual({ items: [], total: 5, page: 9, pageSize: 2 });
  });

  it('rejects bad filters and anonymous calls', async () => {
    const sort = await inject('POST', '/filter', owner, { sort: 'Price|ASC' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe(
      'sort must be LicenseCreated, LicenseExpired or ProductName, optionally followed by |ASC or |DESC',
    );
    const status = await inject('POST', '/filter/count', owner, { status: 'gone' });
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe('status must be one of active, inactive, deleted, validate');
    expect((await inject('POST', '/filter', owner, { page: -1 })).statusCode).toBe(400);
    expect((await inject('POST', '/filter', null, {})).statusCode).toBe(401);
    expect((await inject('POST', '/filter/count', null, {})).statusCode).toBe(401);
  });
});

describe('issueLicense (used after a payment)', () => {
  it('gives a paid monthly plan 30 days and a yearly plan 365 days, with its own extra options', async () => {
    const a = await registerUser(t.app);
    const now = new Date('2026-03-01T10:00:00Z');
    const monthly = await issueLicense(
      t.app.db,
      { userId: a.uid, email: a.email },
      (await findProduct(t.app.db, 'mobile-basic-monthly'))!,
      {
        now,
        extraOptions: { extra_users_count: 2 },
      },
    );
    expect(monthly.licenseExpired).toBe('2026-03-31T10:00:00.000Z');
    expect(monthly.licenseTypeDetails).toEqual({
      type: 'subscription',
      maxRegistrationsCount: 1,
      extraOptions: expect.objectContaining({ max_users: 1, extra_users_count: 2 }),
    });
    const yearly = await issueLicense(
      t.app.db,
      { userId: a.uid, email: a.email },
      (await findProduct(t.app.db, 'gpsr-optimal-yearly'))!,
      { now },
    );
    expect(yearly.licenseExpired).toBe('2027-03-01T10:00:00.000Z');
    expect(yearly.key).not.toBe(monthly.key);
  });
});

describe('license validity: the SQL form agrees with the shared isLicenseValid', () => {
  const FIXTURES: {
    name: string;
    status: 'active' | 'inactive' | 'deleted' | 'validate';
    expiresInDays: number | null;
    /** The payment grace of an open renewal, in days from now (negative: over). */
    graceInDays?: number;
  }[] = [
    { name: 'active, no expiry (free/permanent)', status: 'active', expiresInDays: null },
    { name: 'active, future expiry', status: 'active', expiresInDays: 3 },
    { name: 'active, expired', status: 'active', expiresInDays: -1 },
    { name: 'inactive, no expiry', status: 'inactive', expiresInDays: null },
    { name: 'inactive, future expiry', status: 'inactive', expiresInDays: 3 },
    { name: 'deleted, future expiry', status: 'deleted', expiresInDays: 3 },
    { name: 'validate, no expiry', status: 'validate', expiresInDays: null },
    { name: 'active, expired, in payment grace', status: 'active', expiresInDays: -2, graceInDays: 5 },
    { name: 'active, expired, payment overdue', status: 'active', expiresInDays: -20, graceInDays: -6 },
    { name: 'active, paid, renewal failed early', status: 'active', expiresInDays: 2, graceInDays: 16 },
    { name: 'inactive, in payment grace', status: 'inactive', expiresInDays: -2, graceInDays: 5 },
  ];

  it('on every fixture', async () => {
    const owner = await registerUser(t.app);
    const now = new Date();
    const keys = new Map<string, string>();
    for (const f of FIXTURES) {
      const key = `TEST-${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
      keys.set(key, f.name);
      await t.app.db.insert(licenses).values({
        userId: owner.uid,
        productId: 'mobile-basic-monthly',
        key,
        status: f.status,
        expiresAt: f.expiresInDays == null ? null : new Date(now.getTime() + f.expiresInDays * DAY),
        paymentGraceUntil: f.graceInDays == null ? null : new Date(now.getTime() + f.graceInDays * DAY),
        licenseUsers: [],
      });
    }
    const rows = await t.app.db
      .select({ key: licenses.key })
      .from(licenses)
      .where(and(eq(licenses.userId, owner.uid), validLicenseSql(now)));
    const validBySql = rows.map((r) => keys.get(r.key)).sort();
    const validByRule = FIXTURES.filter((f) =>
      isLicenseValid(
        {
          status: f.status,
          licenseExpired:
            f.expiresInDays == null ? null : new Date(now.getTime() + f.expiresInDays * DAY).toISOString(),
          paymentGraceUntil: f.graceInDays == null ? null : new Date(now.getTime() + f.graceInDays * DAY).toISOString(),
        },
        now,
      ),
    )
      .map((f) => f.name)
      .sort();
    expect(validBySql).toEqual(validByRule);
    expect(validByRule).toEqual([
      'active, expired, in payment grace',
      'active, future expiry',
      'active, no expiry (free/permanent)',
      'active, paid, renewal failed early',
    ]);
    // The page's status column says the same: an active license reads 'inactive' only when the rule says invalid.
    const page = (await t.app.inject({ url: '/api/license/all?pageSize=100', headers: owner.headers })).json()
      .items as License[];
    for (const item of page) {
      const name = keys.get(item.key)!;
      const fixture = FIXTURES.find((f) => f.name === name)!;
      if (fixture.status === 'active') {
        expect([name, item.status]).toEqual([name, validByRule.includes(name) ? 'active' : 'inactive']);
      }
    }
  });
});
