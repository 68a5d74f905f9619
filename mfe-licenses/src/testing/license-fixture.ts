import type { License } from '@portal/shared/domain';

/** A license row as GET /license/all returns it; override what the test is about. */
export function licenseFixture(overrides: Partial<License> = {}): License {
  return {
    id: 'lic-1',
    productId: 'prod-1',
    productName: 'Fresh Desk Basic',
    pluginName: 'fresh_desk',
    key: 'FD-0001',
    status: 'active',
    licenseCreated: '2026-01-01T12:00:00.000Z',
    licenseExpired: null,
    licenseTypeDetails: { type: 'subscription' },
    licenseUser: [],
    priceNetto: { amount: 1990, currency: 'EUR' },
    ...overrides,
  };
}

export function licensePage(items: License[], total = items.length, page = 1, pageSize = 10) {
  return { items, total, page, pageSize };
}
