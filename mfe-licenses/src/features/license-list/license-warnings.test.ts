import { licenseFixture } from '../../testing/license-fixture';
import { licenseWarnings } from './license-warnings';

const now = new Date('2026-03-10T12:00:00Z');

describe('licenseWarnings', () => {
  it('counts running trials, licenses ending within 7 days and expired ones', () => {
    const result = licenseWarnings(
      [
        licenseFixture({ id: 'trial', licenseTypeDetails: { type: 'trial' }, licenseExpired: '2026-03-12T12:00:00Z' }),
        licenseFixture({ id: 'soon', licenseExpired: '2026-03-17T11:00:00Z' }),
        licenseFixture({ id: 'later', licenseExpired: '2026-03-18T13:00:00Z' }),
        licenseFixture({ id: 'gone', pluginName: 'gpsr', licenseExpired: '2026-03-01T00:00:00Z' }),
        licenseFixture({ id: 'forever', licenseExpired: null, licenseTypeDetails: { type: 'permanent' } }),
      ],
      now,
    );
    expect(result).toEqual({ trial: 1, expiring: 2, expired: 1 });
  });

  it('does not count an expired trial as a running trial and ignores deleted licenses', () => {
    const result = licenseWarnings(
      [
        licenseFixture({ licenseTypeDetails: { type: 'trial' }, licenseExpired: '2026-03-09T00:00:00Z' }),
        licenseFixture({ status: 'deleted', licenseExpired: '2026-03-01T00:00:00Z' }),
      ],
      now,
    );
    expect(result).toEqual({ trial: 0, expiring: 0, expired: 1 });
  });

  it('does not warn about an expired license once a newer license of the same plugin is active', () => {
    const expired = licenseFixture({ id: 'old', licenseExpired: '2026-02-01T00:00:00Z' });
    const renewed = licenseFixture({ id: 'new', licenseExpired: '2027-02-01T00:00:00Z' });
    const otherPlugin = licenseFixture({ id: 'gpsr', pluginName: 'gpsr', licenseExpired: '2027-02-01T00:00:00Z' });
    expect(licenseWarnings([expired, renewed], now).expired).toBe(0);
    expect(licenseWarnings([expired, otherPlugin], now).expired).toBe(1);
    const renewedButInactive = licenseFixture({
      id: 'new',
      status: 'inactive',
      licenseExpired: '2027-02-01T00:00:00Z',
    });
    expect(licenseWarnings([expired, renewedButInactive], now).expired).toBe(1);
  });

  it('returns no warnings for licenses without expiry', () => {
    expect(licenseWarnings([licenseFixture({})], now)).toEqual({ trial: 0, expiring: 0, expired: 0 });
  });
});

describe('licenseWarnings: declined renewals', () => {
  it('leaves a license with an open renewal payment to the portal banner (no expiring or expired warning)', () => {
    const result = licenseWarnings(
      [
        licenseFixture({
          productName: 'Fresh Desk Basic',
          licenseExpired: '2026-03-12T12:00:00Z',
          subscription: {
            id: 's1',
            status: 'Inactive',
            cancelAtPeriodEnd: false,
            currentPeriodEnd: '2026-03-12T12:00:00Z',
            renewalInvoice: { id: 'i1', paymentUrl: '/api/payment/sandbox/ref' },
          },
        }),
        licenseFixture({
          id: 'ok',
          licenseExpired: '2026-05-01T00:00:00Z',
          subscription: { id: 's2', status: 'Active', cancelAtPeriodEnd: false, currentPeriodEnd: null },
        }),
      ],
      now,
    );
    expect(result).toEqual({ trial: 0, expiring: 0, expired: 0 });
  });
});

describe('licenseWarnings: renewing subscriptions', () => {
  it('does not call a subscription that renews by itself "expiring", but does a cancelled one', () => {
    const sub = {
      id: 's',
      status: 'Active' as const,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-03-12T12:00:00Z',
    };
    const result = licenseWarnings(
      [
        licenseFixture({ id: 'renews', licenseExpired: '2026-03-12T12:00:00Z', subscription: sub }),
        licenseFixture({
          id: 'ends',
          licenseExpired: '2026-03-12T12:00:00Z',
          subscription: { ...sub, id: 's2', cancelAtPeriodEnd: true },
        }),
      ],
      now,
    );
    expect(result.expiring).toBe(1);
  });
});
