import { LICENSE_SORT_ORDER_VALUES, licenseSortOrderSchema, sortLicenses } from './license';
import { estimateExpiry, hasValidLicense, isLicenseValid, licenseStatusView } from './license-validity';
import { licenseFixture } from '../testing/license-fixture';
import type { License } from './types';

const now = new Date('2025-06-15T12:00:00Z');

/** Valid at `now` unless the test says otherwise. */
const license = (partial: Partial<License>): License =>
  licenseFixture({ licenseExpired: '2025-12-31T00:00:00Z', ...partial });

describe('isLicenseValid', () => {
  it('active with a future expiry is valid', () => {
    expect(isLicenseValid(license({}), now)).toBe(true);
  });
  it('an expiry equal to now or in the past is invalid', () => {
    expect(isLicenseValid(license({ licenseExpired: now.toISOString() }), now)).toBe(false);
    expect(isLicenseValid(license({ licenseExpired: '2025-06-15T11:59:59Z' }), now)).toBe(false);
  });
  it.each(['inactive', 'deleted', 'validate'] as const)('status %s is invalid', (status) => {
    expect(isLicenseValid(license({ status }), now)).toBe(false);
  });
  it('a missing expiry (free, permanent) is valid when active', () => {
    expect(isLicenseValid(license({ licenseExpired: null }), now)).toBe(true);
    expect(isLicenseValid(license({ licenseExpired: '' }), now)).toBe(true);
    expect(isLicenseValid(license({ licenseExpired: null, licenseTypeDetails: { type: 'permanent' } }), now)).toBe(
      true,
    );
    expect(isLicenseValid(license({ licenseExpired: null, status: 'inactive' }), now)).toBe(false);
  });
  it('an unparsable expiry is invalid; null license is invalid', () => {
    expect(isLicenseValid(license({ licenseExpired: 'soon' }), now)).toBe(false);
    expect(isLicenseValid(null, now)).toBe(false);
  });
  it('hasValidLicense matches the plugin; mobile_default counts for mobile', () => {
    const list = [license({ pluginName: 'mobile_default' }), license({ pluginName: 'gpsr', status: 'inactive' })];
    expect(hasValidLicense(list, 'mobile', now)).toBe(true);
    expect(hasValidLicense(list, 'gpsr', now)).toBe(false);
    expect(hasValidLicense(list, 'fresh_desk', now)).toBe(false);
    expect(hasValidLicense(undefined, 'fresh_desk', now)).toBe(false);
  });
});

describe('estimateExpiry', () => {
  const day = 24 * 3600 * 1000;
  it('day = 24 h, month = 30 days, year = 365 days', () => {
    expect(estimateExpiry({ unit: 'day', duration: 3 }, now)!.getTime()).toBe(now.getTime() + 3 * day);
    expect(estimateExpiry({ unit: 'month', duration: 1 }, now)!.getTime()).toBe(now.getTime() + 30 * day);
    expect(estimateExpiry({ unit: 'month', duration: 12 }, now)!.getTime()).toBe(now.getTime() + 360 * day);
    expect(estimateExpiry({ unit: 'year', duration: 1 }, now)!.getTime()).toBe(now.getTime() + 365 * day);
  });
  it('takes the first entry of a duration list, null when missing', () => {
    expect(
      estimateExpiry(
        [
          { unit: 'year', duration: 2 },
          { unit: 'day', duration: 1 },
        ],
        now,
      )!.getTime(),
    ).toBe(now.getTime() + 730 * day);
    expect(estimateExpiry([], now)).toBeNull();
    expect(estimateExpiry(null, now)).toBeNull();
  });
});

describe('licenseStatusView', () => {
  it('expired with whole days ago', () => {
    const view = licenseStatusView(license({ licenseExpired: '2025-06-10T00:00:00Z' }), now);
    expect(view).toEqual({ kind: 'expired', date: new Date('2025-06-10T00:00:00Z'), days: 5 });
  });
  it('expires with days remaining rounded up', () => {
    expect(licenseStatusView(license({ licenseExpired: '2025-06-16T00:00:00Z' }), now)).toMatchObject({
      kind: 'expires',
      days: 1,
    });
    expect(licenseStatusView(license({ licenseExpired: '2025-06-25T12:00:00Z' }), now).days).toBe(10);
  });
  it('none without an expiry date', () => {
    expect(licenseStatusView(license({ licenseExpired: null }), now)).toEqual({ kind: 'none', date: null, days: 0 });
  });
});

describe('license sort orders', () => {
  const a = license({ id: 'a', productName: 'beta', licenseCreated: '2025-03-01', licenseExpired: '2026-01-01' });
  const b = license({ id: 'b', productName: 'Alpha', licenseCreated: '2025-01-01', licenseExpired: '2025-07-01' });
  const c = license({ id: 'c', productName: 'gamma', licenseCreated: '2025-02-01', licenseExpired: null });

  it('has the three fields with optional ASC/DESC', () => {
    expect(LICENSE_SORT_ORDER_VALUES).toHaveLength(9);
    expect(licenseSortOrderSchema.safeParse('ProductName|DESC').success).toBe(true);
    expect(licenseSortOrderSchema.safeParse('ProductName|UP').success).toBe(false);
  });
  it('sorts by each field and direction without mutating', () => {
    const list = [a, b, c];
    expect(sortLicenses(list, 'ProductName').map((l) => l.id)).toEqual(['b', 'a', 'c']);
    expect(sortLicenses(list, 'LicenseCreated|DESC').map((l) => l.id)).toEqual(['a', 'c', 'b']);
    expect(sortLicenses(list, 'LicenseExpired|ASC').map((l) => l.id)).toEqual(['c', 'b', 'a']);
    expect(list.map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });
});
