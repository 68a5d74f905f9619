import { paymentsDue } from './payment-due';
import { licenseFixture } from '../testing/license-fixture';
import type { License } from './types';

const now = new Date('2026-03-20T12:00:00Z');
const due: License = licenseFixture({
  id: 'old',
  productId: 'fresh_desk-basic-monthly',
  licenseExpired: '2026-03-15T12:00:00Z',
  paymentGraceUntil: '2026-03-29T12:00:00Z',
  subscription: {
    id: 's',
    status: 'Inactive',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-03-15T12:00:00Z',
    renewalInvoice: { id: 'i', paymentUrl: '/pay/i' },
  },
});

describe('paymentsDue', () => {
  it('lists an open renewal in its grace, then overdue, with the grace end and the payment page', () => {
    expect(paymentsDue([due], now)).toEqual([
      { license: due, standing: 'grace', graceUntil: '2026-03-29T12:00:00Z', paymentUrl: '/pay/i' },
    ]);
    expect(paymentsDue([due], new Date('2026-03-30T00:00:00Z'))[0].standing).toBe('overdue');
  });

  it('leaves out paid renewals, deleted licenses and a plugin bought anew', () => {
    const paid = { ...due, subscription: { ...due.subscription!, renewalInvoice: null } };
    expect(paymentsDue([paid], now)).toEqual([]);
    expect(paymentsDue([{ ...due, status: 'deleted' }], now)).toEqual([]);
    const anew = { ...paid, id: 'new', key: 'FD-2', licenseExpired: '2026-04-30T00:00:00Z', paymentGraceUntil: null };
    expect(paymentsDue([due, anew], new Date('2026-04-02T00:00:00Z'))).toEqual([]);
    expect(paymentsDue(null, now)).toEqual([]);
  });
});
