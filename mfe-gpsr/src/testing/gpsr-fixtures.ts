import type { GpsrProduct, GpsrProductListItem, License } from '@portal/shared/domain';
import { demoLicenses } from '@portal/shared/testing';

/** A valid gpsr license for the fake session. */
export function gpsrLicense(): License {
  const base = demoLicenses().find((l) => l.pluginName === 'gpsr')!;
  return { ...base, licenseExpired: new Date(Date.now() + 30 * 86400_000).toISOString() };
}

export function listItem(overrides: Partial<GpsrProductListItem> = {}): GpsrProductListItem {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Trinkflasche',
    date: '2025-03-05T23:30:00.000Z',
    createdAt: '2025-03-05T23:30:00.000Z',
    updatedAt: '2025-03-05T23:30:00.000Z',
    progress: 42,
    versions: [],
    draftChanged: true,
    ...overrides,
  };
}

export function product(overrides: Partial<GpsrProduct> = {}): GpsrProduct {
  return { ...listItem(), riskQuestions: [], ...overrides };
}
