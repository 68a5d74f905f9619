import { demoLicenses } from '../testing/demo-data';
import { isValidFreshdeskApiKey } from './freshdesk';
import { visibleShippingTypes } from './lieferbar';
import { hasPaidActiveLicense, showsUpgradePromo } from './upgrade-promo';
import type { License } from './types';

const now = new Date('2026-03-10T12:00:00.000Z');
const license = (over: Partial<License>): License => ({
  ...demoLicenses()[0],
  licenseExpired: '2026-06-01T00:00:00.000Z',
  ...over,
});

describe('isValidFreshdeskApiKey', () => {
  it('rejects a key with a colon, an empty or blank key and no key', () => {
    expect(isValidFreshdeskApiKey('fdk_abc:def')).toBe(false);
    expect(isValidFreshdeskApiKey(':')).toBe(false);
    expect(isValidFreshdeskApiKey('')).toBe(false);
    expect(isValidFreshdeskApiKey('   ')).toBe(false);
    expect(isValidFreshdeskApiKey(null)).toBe(false);
    expect(isValidFreshdeskApiKey('fdk_Ab-9_x')).toBe(true);
  });
});

describe('upgrade promo', () => {
  it('shows to a main user without a paid active license of the plugin', () => {
    const free = license({ pluginName: 'fresh_desk', priceNetto: { amount: 0, currency: 'EUR' } });
    expect(showsUpgradePromo({ licenses: [], isSubUser: false }, 'fresh_desk', now)).toBe(true);
    expect(showsUpgradePromo({ licenses: [free], isSubUser: false }, 'fresh_desk', now)).toBe(true);
  });

  it('hides for a paid active license, but not for an expired or inactive paid one', () => {
    const paid = license({ pluginName: 'fresh_desk', priceNetto: { amount: 1990, currency: 'EUR' } });
    expect(showsUpgradePromo({ licenses: [paid], isSubUser: false }, 'fresh_desk', now)).toBe(false);
    const expired = { ...paid, licenseExpired: '2026-03-01T00:00:00.000Z' };
    expect(showsUpgradePromo({ licenses: [expired], isSubUser: false }, 'fresh_desk', now)).toBe(true);
    const inactive = { ...paid, status: 'inactive' as const };
    expect(hasPaidActiveLicense([inactive], 'fresh_desk', now)).toBe(false);
  });

  it('counts a paid mobile_default license for the mobile plugin, and never shows to a sub-user', () => {
    const mobile = license({ pluginName: 'mobile_default', priceNetto: { amount: 990, currency: 'EUR' } });
    expect(showsUpgradePromo({ licenses: [mobile], isSubUser: false }, 'mobile', now)).toBe(false);
    expect(showsUpgradePromo({ licenses: [], isSubUser: true }, 'mobile', now)).toBe(false);
    expect(showsUpgradePromo({ licenses: [mobile], isSubUser: false }, 'fresh_desk', now)).toBe(true);
  });
});

describe('visibleShippingTypes', () => {
  it('keeps types with pending orders, largest first, then by name', () => {
    expect(
      visibleShippingTypes([
        { shippingType: 'B', pendingCount: 2 },
        { shippingType: 'Z', pendingCount: 0 },
        { shippingType: 'A', pendingCount: 2 },
        { shippingType: null, pendingCount: 5 },
      ]),
    ).toEqual([
      { shippingType: null, pendingCount: 5 },
      { shippingType: 'A', pendingCount: 2 },
      { shippingType: 'B', pendingCount: 2 },
    ]);
  });
});
