// The licenses whose renewal payment failed and is still open: what the portal's "Pay now" banner lists.
import { isLicenseValid, licenseMatchesPlugin, licenseStanding } from './license-validity';
import type { License } from './types';

export interface PaymentDue {
  license: License;
  /** 'grace': the license still works until `graceUntil`; 'overdue': it stopped working, paying restores it. */
  standing: 'grace' | 'overdue';
  /** When the license stops (stopped) working; null when the api sent no grace end. */
  graceUntil: string | null;
  /** The open renewal invoice's payment page (the payment window); null when it has none. */
  paymentUrl: string | null;
}

/**
 * Licenses with an open renewal invoice (the automatic charge failed), in the standing the shared validity rule gives
 * them now: still paid or in the grace → 'grace', past it → 'overdue'. Deleted licenses are left out, and so is one
 * whose plugin the seller holds another valid license of (bought anew after the grace: nothing left to pay for).
 */
export function paymentsDue(licenses: readonly License[] | null | undefined, now: Date = new Date()): PaymentDue[] {
  const all = licenses ?? [];
  const due: PaymentDue[] = [];
  for (const license of all) {
    const invoice = license.subscription?.renewalInvoice;
    if (!invoice || license.status === 'deleted') continue;
    const replaced = all.some(
      (other) =>
        other.id !== license.id && licenseMatchesPlugin(other, license.pluginName) && isLicenseValid(other, now),
    );
    if (replaced) continue;
    const standing = licenseStanding(license, now);
    due.push({
      license,
      standing: standing === 'paid' || standing === 'grace' ? 'grace' : 'overdue',
      graceUntil: license.paymentGraceUntil ?? license.subscription?.currentPeriodEnd ?? null,
      paymentUrl: invoice.paymentUrl,
    });
  }
  return due;
}
