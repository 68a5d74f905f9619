// The validity rule across dates: a license is valid exactly while its period is paid or its payment grace runs.
import fc from 'fast-check';
import { isLicenseValid, licenseStanding } from './license-validity';

const DAY = 86_400_000;
const BASE = Date.UTC(2030, 0, 1);
/** A moment within ±400 days of BASE, to the second. */
const moment = fc.integer({ min: -400 * 86_400, max: 400 * 86_400 }).map((s) => new Date(BASE + s * 1000));

describe('licenseStanding / isLicenseValid', () => {
  it('valid exactly when active and (no end, now before the end, or now before the payment grace ends)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('active', 'inactive', 'deleted', 'validate'),
        fc.option(moment, { nil: null }),
        fc.option(moment, { nil: null }),
        moment,
        (status, end, graceUntil, now) => {
          const license = {
            status,
            licenseExpired: end?.toISOString() ?? null,
            paymentGraceUntil: graceUntil?.toISOString() ?? null,
          };
          const paid = end == null || now < end;
          const inGrace = graceUntil != null && now < graceUntil;
          expect(isLicenseValid(license, now)).toBe(status === 'active' && (paid || inGrace));
          const standing = licenseStanding(license, now);
          if (status !== 'active') expect(standing).toBe('inactive');
          else if (paid) expect(standing).toBe('paid');
          else if (inGrace) expect(standing).toBe('grace');
          else expect(standing).toBe(graceUntil == null ? 'expired' : 'overdue');
        },
      ),
    );
  });

  it('a failed renewal: valid through the grace days after the period end, overdue from then, at every moment', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: 0, max: 60 }), moment, (end, graceDays, now) => {
        const graceUntil = new Date(end.getTime() + graceDays * DAY);
        const license = {
          status: 'active' as const,
          licenseExpired: end.toISOString(),
          paymentGraceUntil: graceUntil.toISOString(),
        };
        const expected = now < end ? 'paid' : now < graceUntil ? 'grace' : 'overdue';
        expect(licenseStanding(license, now)).toBe(expected);
        // Validity never comes back once lost without a payment: later moments are never valid again.
        if (!isLicenseValid(license, now)) expect(isLicenseValid(license, new Date(now.getTime() + DAY))).toBe(false);
      }),
    );
  });

  it('the edges: the end and the grace end themselves are no longer valid', () => {
    const end = new Date(BASE);
    const graceUntil = new Date(BASE + 14 * DAY);
    const license = {
      status: 'active' as const,
      licenseExpired: end.toISOString(),
      paymentGraceUntil: graceUntil.toISOString(),
    };
    expect(licenseStanding(license, new Date(BASE - 1))).toBe('paid');
    expect(licenseStanding(license, end)).toBe('grace');
    expect(licenseStanding(license, new Date(graceUntil.getTime() - 1))).toBe('grace');
    expect(licenseStanding(license, graceUntil)).toBe('overdue');
    expect(licenseStanding({ ...license, paymentGraceUntil: 'nonsense' }, end)).toBe('expired');
  });
});
