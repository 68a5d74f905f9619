import { demoCatalogue } from '../../../testing/demo-catalogue';
import { licenseFixture } from '../../../testing/license-fixture';
import type { License, Product } from '../../../domain/types';
import { activeLicenseOf, cardAction, cardCounters, cardFeatures, periodLabel, yearlyDiscount } from './card-model';
import { canDecrease, canIncrease } from './counter-rules';

const fd = demoCatalogue('fresh_desk');
const byId = (id: string, list: Product[] = fd) => list.find((p) => p.id === id)!;
/** A license of Fresh Desk Basic Yearly unless the test says otherwise. */
const license = (overrides: Partial<License>): License =>
  licenseFixture({
    id: 'l1',
    productId: 'fresh_desk-basic-yearly',
    productName: 'Fresh Desk Basic Yearly',
    priceNetto: { amount: 19900, currency: 'EUR' },
    ...overrides,
  });

describe('card model', () => {
  it('chooses the action from price, type, plugin and an active license', () => {
    expect(cardAction(byId('fresh_desk-basic-yearly'), null)).toBe('buy');
    expect(cardAction(byId('fresh_desk-trial'), null)).toBe('start_trial');
    expect(cardAction(byId('gpsr-free', demoCatalogue('gpsr')), null)).toBe('activate_free');
    expect(cardAction(byId('mobile_default-free', demoCatalogue('mobile')), null)).toBe('get_app');
    expect(cardAction(byId('fresh_desk-basic-yearly'), license({}))).toBe('active');
  });

  it('counts only a valid license of exactly that product as active', () => {
    const product = byId('fresh_desk-basic-yearly');
    expect(activeLicenseOf(product, [license({ status: 'inactive' })])).toBeNull();
    expect(activeLicenseOf(product, [license({ licenseExpired: '2000-01-01T00:00:00.000Z' })])).toBeNull();
    expect(activeLicenseOf(product, [license({ productId: 'fresh_desk-basic-monthly' })])).toBeNull();
    expect(activeLicenseOf(product, [license({})])?.id).toBe('l1');
  });

  it('labels the billing period', () => {
    expect(periodLabel(byId('fresh_desk-basic-monthly'))).toEqual({ key: 'period_month' });
    expect(periodLabel(byId('fresh_desk-basic-yearly'))).toEqual({ key: 'period_year' });
    expect(periodLabel(byId('fresh_desk-trial'))).toEqual({ key: 'period_days', count: 3 });
  });

  it('gives yearly paid products the 17 % badge and amount / 10 * 12 as original, only while Yearly is chosen', () => {
    expect(yearlyDiscount(byId('fresh_desk-basic-yearly'), 'yearly')).toEqual({ percent: 17, originalCents: 23880 });
    expect(yearlyDiscount(byId('fresh_desk-basic-yearly'), 'monthly')).toBeNull();
    expect(yearlyDiscount(byId('fresh_desk-basic-monthly'), 'yearly')).toBeNull();
    expect(yearlyDiscount(byId('fresh_desk-trial'), 'yearly')).toBeNull();
  });

  it('shows yearly extra prices per month (÷ 12) and offers no extras on free products', () => {
    expect(cardCounters(byId('fresh_desk-basic-yearly'))).toEqual({
      users: { monthlyCents: 300 },
      emails: { monthlyCents: 500 },
    });
    expect(cardCounters(byId('fresh_desk-basic-monthly'))).toEqual({
      users: { monthlyCents: 300 },
      emails: { monthlyCents: 500 },
    });
    expect(cardCounters(byId('fresh_desk-trial'))).toEqual({ users: null, emails: null });
  });

  it('lists main and additional features from the product options', () => {
    const { main, additional } = cardFeatures(byId('fresh_desk-advanced-yearly'));
    expect(main).toEqual([
      { key: 'feature_email_quota', count: 5000 },
      { key: 'feature_users_included', count: 3 },
      { key: 'feature_registrations', count: 1 },
    ]);
    expect(additional.map((f) => f.key)).toEqual([
      'feature_jtl_wawi',
      'feature_shipping_orders',
      'feature_analytics_advanced',
    ]);
  });

  it('counters: minus stops at 0, plus is blocked at 45 and above', () => {
    expect(canDecrease(0)).toBe(false);
    expect(canDecrease(1)).toBe(true);
    expect(canIncrease(44)).toBe(true);
    expect(canIncrease(45)).toBe(false);
    expect(canIncrease(46)).toBe(false);
  });
});
