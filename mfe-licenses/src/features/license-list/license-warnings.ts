import { hasValidLicense, licenseStatusView, type License } from '@portal/shared/domain';

/** A license counts as "expiring" when it ends within this many days. */
export const EXPIRING_WITHIN_DAYS = 7;

export interface LicenseWarnings {
  /** Trial licenses that are still running. */
  trial: number;
  /** Licenses ending within EXPIRING_WITHIN_DAYS. */
  expiring: number;
  expired: number;
}

/**
 * Counts the licenses the page warns about. Deleted licenses are ignored: the user removed them on purpose; an expired
 * license is no longer news once a valid license of the same plugin replaced it.
 */
export function licenseWarnings(licenses: readonly License[], now: Date = new Date()): LicenseWarnings {
  const warnings: LicenseWarnings = { trial: 0, expiring: 0, expired: 0 };
  for (const license of licenses) {
    if (license.status === 'deleted') continue;
    // A failed renewal payment is the portal's own banner ("Pay now" on every page), not one of these warnings.
    if (license.subscription?.renewalInvoice) continue;
    const view = licenseStatusView(license, now);
    if (view.kind === 'expired') {
      if (!hasValidLicense(licenses, license.pluginName, now)) warnings.expired += 1;
      continue;
    }
    if (license.licenseTypeDetails?.type === 'trial') warnings.trial += 1;
    // A running subscription renews by itself: its end is no news (a cancelled one is).
    const sub = license.subscription;
    const ownWarning = sub?.status === 'Inactive' || (sub?.status === 'Active' && !sub.cancelAtPeriodEnd);
    if (view.kind === 'expires' && view.days <= EXPIRING_WITHIN_DAYS && !ownWarning) warnings.expiring += 1;
  }
  return warnings;
}
