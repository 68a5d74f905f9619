import {
  FREE_TRIAL_DAYS,
  PLAN_TIERS,
  isFreeProduct,
  isYearlyProduct,
  yearlyStruckPrice,
  billingOf,
  type Product,
} from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { CATALOGUE } from '../src/modules/license/product/catalogue-data';
import { syncCatalogue } from '../src/modules/license/product/catalogue-sync';
import { createTestApp, offerEveryPlugin, registerUser, type TestApp, type TestIdentity } from './helpers';

let t: TestApp;
let user: TestIdentity;
beforeAll(async () => {
  t = await createTestApp();
  await offerEveryPlugin(t.app);
  user = await registerUser(t.app);
}, 90_000);
afterAll(async () => t?.close());

const get = (path: string, who: TestIdentity | null = user) =>
  t.app.inject({ url: `/api/license/product${path}`, headers: who?.headers });

describe('catalogue', () => {
  it('lists every plugin with Basic..Optimal monthly, half-yearly and yearly plans, yearly = 10 × monthly', async () => {
    const res = await get('/all');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Product[];
    expect(new Set(list.map((p) => p.pluginName))).toEqual(
      new Set(['fresh_desk', 'mobile', 'magic_matrix', 'gpsr', 'lieferbar', 'mobile_default']),
    );
    for (const plugin of ['fresh_desk', 'mobile', 'magic_matrix', 'gpsr', 'lieferbar'] as const) {
      const paid = list.filter(
        (p) => p.pluginName === plugin && p.priceNetto.amount > 0 && p.licenseTypeDetails[0].type === 'subscription',
      );
      const monthly = paid.filter((p) => billingOf(p) === 'monthly');
      const halfYear = paid.filter((p) => billingOf(p) === 'half_yearly');
      const yearly = paid.filter((p) => isYearlyProduct(p));
      expect(monthly.map((p) => p.tier)).toEqual([...PLAN_TIERS]);
      expect(halfYear.map((p) => p.tier)).toEqual([...PLAN_TIERS]);
      expect(yearly.map((p) => p.tier)).toEqual([...PLAN_TIERS]);
      monthly.forEach((m, i) => {
        // Six months for 5.5 monthly prices, extras priced per half-year.
        expect(halfYear[i].priceNetto.amount).toBe(m.priceNetto.amount * 5.5);
        expect(halfYear[i].licenseTypeDetails[0]).toMatchObject({
          type: 'subscription',
          licenseValidDuration: [{ unit: 'month', duration: 6 }],
        });
        expect(halfYear[i].licenseTypeDetails[0].extraOptions.extra_user_price_cents).toBe(
          (m.licenseTypeDetails[0].extraOptions.extra_user_price_cents ?? 0) * 6 || undefined,
        );
        expect(yearly[i].priceNetto.amount).toBe(m.priceNetto.amount * 10);
        // The struck-through yearly price is 12 monthly payments: the 17 % badge is true.
        expect(yearlyStruckPrice(yearly[i].priceNetto.amount)).toBe(m.priceNetto.amount * 12);
        expect(Math.round((1 - 10 / 12) * 100)).toBe(17);
        expect(m.priceNetto.currency).toBe('EUR');
        expect(m.licenseTypeDetails[0]).toMatchObject({
          type: 'subscription',
          licenseValidDuration: [{ unit: 'month', duration: 1 }],
        });
      });
      expect(monthly.map((p) => p.priceNetto.amount)).toEqual(
        [...monthly.map((p) => p.priceNetto.amount)].sort((a, b) => a - b),
      );
    }
  });

  it('sells a permanent license (no duration, no extras) for magic_matrix', async () => {
    const permanent = (await get('/plugin/magic_matrix'))
      .json()
      .filter((p: Product) => p.licenseTypeDetails[0].type === 'permanent') as Product[];
    expect(permanent).toHaveLength(1);
    expect(permanent[0]).toMatchObject({
      id: 'magic_matrix-permanent',
      tier: 'Optimal',
      priceNetto: { amount: 29900, currency: 'EUR' },
      licenseTypeDetails: [{ type: 'permanent', licenseValidDuration: [] }],
    });
    const options = permanent[0].licenseTypeDetails[0].extraOptions;
    expect(options.extra_user_price_cents).toBeUndefined();
    expect(options.email_block_price_cents).toBeUndefined();
  });

  it('carries the extra options (users, email blocks), mobile plans with growing max_users and orders per day', async () => {
    const list = (await get('/plugin/mobile')).json() as Product[];
    const monthly = list.filter((p) => p.pluginName === 'mobile' && p.tier && billingOf(p) === 'monthly');
    expect(monthly.map((p) => p.licenseTypeDetails[0].extraOptions.max_users)).toEqual([1, 3, 5, 10]);
    expect(monthly.map((p) => p.licenseTypeDetails[0].extraOptions.orders_per_day)).toEqual([50, 200, 1000, 5000]);
    const fd = (await get('/fresh_desk-basic-monthly')).json() as Product;
    expect(fd.licenseTypeDetails[0].extraOptions).toMatchObject({
      email_block_price_cents: 500,
      extra_user_price_cents: 300,
      email_quota_base: 1000,
      extra_users_included: 0,
      jtl_wawi_enabled: true,
      shipping_orders_enabled: false,
      analytics_level: 'none',
    });
    const fdYearly = (await get('/fresh_desk-basic-yearly')).json() as Product;
    expect(fdYearly.licenseTypeDetails[0].extraOptions.extra_user_price_cents).toBe(300 * 12);
  });

  it('has free (price 0, no expiry) and 3-day trial products', async () => {
    const all = (await get('/free_or_trial/all')).json() as Product[];
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.every(isFreeProduct)).toBe(true);
    const gpsr = (await get('/free_or_trial?pluginName=gpsr')).json() as Product[];
    expect(gpsr.map((p) => p.licenseTypeDetails[0].type).sort()).toEqual(['free', 'trial']);
    expect(
      gpsr.find((p) => p.licenseTypeDetails[0].type === 'free')?.licenseTypeDetails[0].licenseValidDuration,
    ).toEqual([]);
    expect(
      gpsr.find((p) => p.licenseTypeDetails[0].type === 'trial')?.licenseTypeDetails[0].licenseValidDuration,
    ).toEqual([{ unit: 'day', duration: FREE_TRIAL_DAYS }]);
    const mobile = (await get('/free_or_trial?pluginName=mobile')).json() as Product[];
    expect(mobile.map((p) => p.id).sort()).toEqual(['mobile-trial', 'mobile_default-free']);
  });

  it('lists one plugin (mobile with mobile_default) and one product', async () => {
    const gpsr = (await get('/plugin/gpsr')).json() as Product[];
    expect(gpsr.length).toBe(14);
    expect(gpsr.every((p) => p.pluginName === 'gpsr')).toBe(true);
    const mobile = (await get('/plugin/mobile')).json() as Product[];
    expect(mobile.some((p) => p.pluginName === 'mobile_default')).toBe(true);
    const one = await get('/gpsr-advanced-yearly');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: 'gpsr-advanced-yearly',
      name: 'GPSR Advanced Yearly',
      tier: 'Advanced',
      priceNetto: { amount: 29900, currency: 'EUR' },
    });
  });

  it('answers unknown products and bad plugin names clearly', async () => {
    const missing = await get('/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ slug: 'product-not-found', message: 'Product not found' });
    const bad = await get('/plugin/teams');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'pluginName must be one of fresh_desk, mobile, magic_matrix, gpsr, lieferbar, mobile_default',
    );
    const noPlugin = await get('/free_or_trial');
    expect(noPlugin.statusCode).toBe(400);
    expect(noPlugin.json().slug).toBe('validation-error');
  });

  it('needs a token on every route', async () => {
    for (const path of [
      '/all',
      '/plugin/gpsr',
      '/free_or_trial?pluginName=gpsr',
      '/free_or_trial/all',
      '/gpsr-basic-monthly',
    ]) {
      const res = await get(path, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().slug).toBe('unable-to-verify-jwt');
    }
  });

  it('syncs idempotently and restores catalogue prices on start', async () => {
    await t.app.db.update(products).set({ priceAmount: 1 }).where(eq(products.id, 'fresh_desk-basic-monthly'));
    await syncCatalogue(t.app.db);
    await syncCatalogue(t.app.db);
    const rows = await t.app.db.select().from(products);
    expect(rows.filter((r) => CATALOGUE.some((c) => c.id === r.id))).toHaveLength(CATALOGUE.length);
    expect(rows.find((r) => r.id === 'fresh_desk-basic-monthly')?.priceAmount).toBe(1990);
  });
});
