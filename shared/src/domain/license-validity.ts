// The license rules every side applies to a license it holds (validity, expiry estimate, status column), apart from the
// license schemas: the shell's first page and the shared barrel use these without loading zod (a lighter first page).
import type { DurationSpec, License } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expiry estimate units: a day 24 h, a month 30 days, a year 365 days. */
export const DURATION_UNIT_MS = { day: DAY_MS, month: 30 * DAY_MS, year: 365 * DAY_MS } as const;

function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Where a license stands on a date. `paid`: inside its paid period (or without an end). `grace`: the paid period is
 * over, the renewal payment failed and is still open, and the payment grace (`paymentGraceUntil`) runs. `overdue`:
 * the grace is over too and the renewal is still unpaid. `expired`: the period is over without an open renewal
 * (cancelled, or never renewed). `inactive`: not active (deleted, deactivated) or an unreadable end.
 */
export type LicenseStanding = 'paid' | 'grace' | 'overdue' | 'expired' | 'inactive';

type ValidityFields = Pick<License, 'status' | 'licenseExpired'> & Partial<Pick<License, 'paymentGraceUntil'>>;

export function licenseStanding(license: ValidityFields | null | undefined, now: Date = new Date()): LicenseStanding {
  if (!license || license.status !== 'active') return 'inactive';
  if (license.licenseExpired == null || license.licenseExpired === '') return 'paid';
  const expiry = toDate(license.licenseExpired);
  if (expiry == null) return 'inactive';
  if (expiry.getTime() > now.getTime()) return 'paid';
  const graceUntil = toDate(license.paymentGraceUntil);
  if (graceUntil == null) return 'expired';
  return graceUntil.getTime() > now.getTime() ? 'grace' : 'overdue';
}

/**
 * THE license validity rule, the same for the shell, the remotes and the api: an active license is valid while its
 * period is paid (no end, or an end in the future) or its payment grace runs (a failed renewal still open). Free and
 * permanent licenses have no expiry and are valid. The api's SQL form of this rule is tested against this function.
 */
export function isLicenseValid(license: ValidityFields | null | undefined, now: Date = new Date()): boolean {
  const standing = licenseStanding(license, now);
  return standing === 'paid' || standing === 'grace';
}

/** Plugin names a license counts for: mobile_default is a product under the mobile plugin. */
export function licenseMatchesPlugin(license: Pick<License, 'pluginName'>, pluginName: string): boolean {
  return license.pluginName === pluginName || (pluginName === 'mobile' && license.pluginName === 'mobile_default');
}

export function hasValidLicense(
  licenses: readonly License[] | null | undefined,
  /** A catalogue plugin name; a registry card may name a plugin the catalogue does not know (no license then). */
  pluginName: string,
  now: Date = new Date(),
): boolean {
  return (licenses ?? []).some((l) => licenseMatchesPlugin(l, pluginName) && isLicenseValid(l, now));
}

/** now + duration (a month = 30 days, a year = 365 days). Accepts a product's licenseValidDuration list (first entry). */
export function estimateExpiry(
  durationSpec: DurationSpec | readonly DurationSpec[] | null | undefined,
  now: Date = new Date(),
): Date | null {
  const spec: DurationSpec | null | undefined = Array.isArray(durationSpec)
    ? (durationSpec as readonly DurationSpec[])[0]
    : (durationSpec as DurationSpec | null | undefined);
  if (!spec || !(spec.unit in DURATION_UNIT_MS) || !Number.isFinite(spec.duration)) return null;
  return new Date(now.getTime() + spec.duration * DURATION_UNIT_MS[spec.unit]);
}

export interface LicenseStatusView {
  kind: 'expired' | 'expires' | 'none';
  /** The expiry date, null for 'none'. */
  date: Date | null;
  /** Whole days ago ('expired', rounded down) or remaining ('expires', rounded up); 0 for 'none'. */
  days: number;
}

/** Licenses table status column: 'expired' (red) with days ago, 'expires' (green) with days left, or a dash. */
export function licenseStatusView(license: Pick<License, 'licenseExpired'>, now: Date = new Date()): LicenseStatusView {
  const date = toDate(license.licenseExpired);
  if (!date) return { kind: 'none', date: null, days: 0 };
  const diff = date.getTime() - now.getTime();
  if (diff <= 0) return { kind: 'expired', date, days: Math.floor(-diff / DAY_MS) };
  return { kind: 'expires', date, days: Math.ceil(diff / DAY_MS) };
}
