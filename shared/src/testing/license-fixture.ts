// Licenses as GET /license/all returns them, for the tests of every package: override what a test is about.
import type { License } from '../domain/license';

/** An active Fresh Desk Basic subscription license without an end date, no users registered. */
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

/** A subscription that runs and renews at `currentPeriodEnd`: not cancelled, no renewal payment open. */
export function runningSubscription(currentPeriodEnd: string): NonNullable<License['subscription']> {
  return { id: 's1', status: 'Active', cancelAtPeriodEnd: false, currentPeriodEnd, renewalInvoice: null };
}
