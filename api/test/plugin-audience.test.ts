// Who may buy a plugin follows the registry's audience (its dashboard card); who may use it follows a valid license.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { licenses, products, registryEntries } from '../src/db/schema';
import { buyer, SANDBOX_SECRET } from './payment/purchase-helpers';
import { createSubUser, createTestApp, registerUser, uniqueEmail, type TestApp, type TestIdentity } from './helpers';

const STAFF = uniqueEmail('staff');
let t: TestApp;
let seller: TestIdentity;
let staff: TestIdentity;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, INTERNAL_EMAILS: STAFF });
  seller = await buyer(t.app);
  staff = await registerUser(t.app, { email: STAFF });
}, 120_000);
afterAll(async () => t?.close());

// The default registry: fresh_desk and mobile for all, gpsr, lieferbar and magic_matrix (Content Master) for staff.
afterEach(async () => {
  await t.app.db
    .update(registryEntries)
    .set({ audience: { kind: 'internal' } })
    .where(eq(registryEntries.id, 'gpsr'));
  await t.app.db
    .update(registryEntries)
    .set({ audience: { kind: 'internal' } })
    .where(eq(registryEntries.id, 'lieferbar'));
});

const get = (path: string, who: TestIdentity) => t.app.inject({ url: `/api${path}`, headers: who.headers });
const post = (path: string, who: TestIdentity, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers: who.headers, payload });
const pluginsOf = (products: { pluginName: string }[]) => [...new Set(products.map((p) => p.pluginName))].sort();
const setAudience = (id: string, audience: (typeof registryEntries.$inferInsert)['audience']) =>
  t.app.db.update(registryEntries).set({ audience }).where(eq(registryEntries.id, id));

async function grant(who: TestIdentity, productId: string, expiresAt = new Date(Date.now() + 30 * 86400_000)) {
  await t.app.db.insert(licenses).values({
    userId: who.uid,
    productId,
    key: `KEY-${crypto.randomBytes(8).toString('hex')}`,
    status: 'active',
    expiresAt,
  });
}

const NOT_OFFERED = (field: string, plugin: string) => ({
  slug: 'plugin-not-available',
  message: `The plugin ${plugin} is not offered to your account`,
  fields: { [field]: 'api_error_plugin_not_available' },
});

describe('the catalogue offers the plugins whose card is meant for the caller', () => {
  it('gives a seller fresh_desk and mobile only, and refuses the others with 403', async () => {
    const all = await get('/license/product/all', seller);
    expect(all.statusCode).toBe(200);
    expect(pluginsOf(all.json())).toEqual(['fresh_desk', 'mobile', 'mobile_default']);
    expect(pluginsOf((await get('/license/product/free_or_trial/all', seller)).json())).toEqual([
      'fresh_desk',
      'mobile',
      'mobile_default',
    ]);

    const gpsr = await get('/license/product/plugin/gpsr', seller);
    expect(gpsr.statusCode).toBe(403);
    expect(gpsr.json()).toEqual(NOT_OFFERED('pluginName', 'gpsr'));
    expect((await get('/license/product/plugin/lieferbar', seller)).statusCode).toBe(403);
    expect((await get('/license/product/free_or_trial?pluginName=magic_matrix', seller)).statusCode).toBe(403);
    const one = await get('/license/product/gpsr-basic-monthly', seller);
    expect(one.statusCode).toBe(403);
    expect(one.json()).toEqual(NOT_OFFERED('productId', 'gpsr'));
    expect((await get('/license/product/plugin/mobile_default', seller)).statusCode).toBe(200);
  });

  it('gives staff every plugin of the default registry', async () => {
    expect(pluginsOf((await get('/license/product/all', staff)).json())).toEqual([
      'fresh_desk',
      'gpsr',
      'lieferbar',
      'magic_matrix',
      'mobile',
      'mobile_default',
    ]);
    const lieferbarPlans = await t.app.db.select().from(products).where(eq(products.pluginName, 'lieferbar'));
    expect(lieferbarPlans.length).toBeGreaterThan(0);
    expect((await get('/license/product/plugin/lieferbar', staff)).json()).toHaveLength(lieferbarPlans.length);
  });

  it('follows the registry: a card opened to a seller list or to all offers its plugin to them at once', async () => {
    await setAudience('lieferbar', { kind: 'sellers', emails: [seller.email.toUpperCase()] });
    expect(pluginsOf((await get('/license/product/all', seller)).json())).toContain('lieferbar');
    const other = await registerUser(t.app);
    expect((await get('/license/product/plugin/lieferbar', other)).statusCode).toBe(403);

    await setAudience('lieferbar', { kind: 'all' });
    expect((await get('/license/product/plugin/lieferbar', other)).statusCode).toBe(200);

    // A disabled entry offers its plugin to nobody, staff included.
    await t.app.db.update(registryEntries).set({ enabled: false }).where(eq(registryEntries.id, 'content-master'));
    expect((await get('/license/product/plugin/magic_matrix', staff)).statusCode).toBe(403);
    await t.app.db.update(registryEntries).set({ enabled: true }).where(eq(registryEntries.id, 'content-master'));
  });
});

describe('buying follows the same rule', () => {
  it('refuses POST /invoice and free or trial activation for a plugin not offered to the seller', async () => {
    const paid = await post('/invoice', seller, { product_id: 'gpsr-basic-monthly' });
    expect(paid.statusCode).toBe(403);
    expect(paid.json()).toEqual(NOT_OFFERED('product_id', 'gpsr'));
    expect((await post('/invoice', seller, { product_id: 'magic_matrix-permanent' })).statusCode).toBe(403);
    const quote = await post('/invoice/quote', seller, { product_id: 'lieferbar-basic-yearly' });
    expect(quote.statusCode).toBe(403);
    expect(quote.json()).toEqual(NOT_OFFERED('product_id', 'lieferbar'));

    const trial = await post('/license/product/free_or_trial?licenseProductID=lieferbar-trial', seller);
    expect(trial.statusCode).toBe(403);
    expect(trial.json()).toEqual(NOT_OFFERED('licenseProductID', 'lieferbar'));
    expect(await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid))).toEqual([]);

    // An unknown product is still 404.
    expect((await post('/invoice', seller, { product_id: 'no-such-plan' })).statusCode).toBe(404);
  });

  it('sells a plugin once the registry offers it to the seller', async () => {
    await setAudience('lieferbar', { kind: 'sellers', emails: [seller.email] });
    expect((await post('/invoice/quote', seller, { product_id: 'lieferbar-basic-monthly' })).statusCode).toBe(200);
    const res = await post('/invoice', seller, { product_id: 'lieferbar-basic-monthly' });
    expect(res.statusCode).toBe(201);
    expect(res.json().quote.netCents).toBe(990);
  });

  it('sells staff the internal plugins', async () => {
    const res = await post('/license/product/free_or_trial?licenseProductID=gpsr-trial', staff);
    expect(res.statusCode).toBe(201);
  });
});

describe('a valid license opens the plugin page whatever the audience', () => {
  type Entry = { id: string; routes: string[]; card?: unknown };
  const entriesOf = async (who: TestIdentity) =>
    ((await get('/portal/registry', who)).json().entries as Entry[]).filter((e) => e.id === 'gpsr');

  it('serves the gpsr page without its card to a seller holding a gpsr license, and to their sub-users', async () => {
    const holder = await registerUser(t.app);
    expect(await entriesOf(holder)).toEqual([]);
    await grant(holder, 'gpsr-basic-monthly');
    const [entry] = await entriesOf(holder);
    expect(entry).toMatchObject({ id: 'gpsr', routes: ['/features/gpsr'] });
    expect(entry.card).toBeUndefined();
    const sub = await createSubUser(t.app, holder);
    expect((await entriesOf(sub)).map((e) => e.id)).toEqual(['gpsr']);

    // Still not for sale to them: the card decides who may buy.
    expect((await get('/license/product/plugin/gpsr', holder)).statusCode).toBe(403);
    // The page's api answers them.
    expect((await get('/gpsr/products', holder)).statusCode).toBe(200);
  });

  it('serves nothing for an expired license, and the card to staff as before', async () => {
    const lapsed = await registerUser(t.app);
    await grant(lapsed, 'gpsr-basic-monthly', new Date(Date.now() - 86400_000));
    expect(await entriesOf(lapsed)).toEqual([]);
    const [entry] = await entriesOf(staff);
    expect(entry.card).toMatchObject({ pluginName: 'gpsr', audience: 'internal' });
  });

  it('opens the Lieferbar orders to a licensed seller or one the card is meant for, else 403 license-required', async () => {
    const plain = await registerUser(t.app);
    const refused = await get('/wawi/lieferbar/orders', plain);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      slug: 'license-required',
      message: 'You need a valid license to access this feature. Please purchase a license for lieferbar.',
    });

    // Past the access check: no database connection saved yet.
    const licensed = await registerUser(t.app);
    await grant(licensed, 'lieferbar-basic-monthly');
    expect((await get('/wawi/lieferbar/orders', licensed)).json().slug).toBe('data-source-not-found');
    expect((await get('/wawi/lieferbar/orders', await createSubUser(t.app, licensed))).json().slug).toBe(
      'data-source-not-found',
    );
    expect((await get('/wawi/lieferbar/orders', staff)).json().slug).toBe('data-source-not-found');

    await setAudience('lieferbar', { kind: 'all' });
    expect((await get('/wawi/lieferbar/orders', plain)).json().slug).toBe('data-source-not-found');
  });
});
