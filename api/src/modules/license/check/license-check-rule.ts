import {
  licenseMatchesPlugin,
  licenseStanding,
  type LicenseCheckCode,
  type LicenseIdentifier,
  type PluginName,
} from '@portal/shared/domain';
import type { LicenseUserEntry, RecordStatus } from '../../../db/schema';

/** What the check needs to know about a license, whoever owns it. */
export interface CheckedLicense {
  id: string;
  status: RecordStatus;
  expiresAt: Date | null;
  /** Set while a renewal payment is open: the license works until then (the payment grace). */
  paymentGraceUntil: Date | null;
  pluginName: PluginName;
  maxRegistrations: number;
  licenseUsers: LicenseUserEntry[];
}

export type CheckDecision = { code: LicenseCheckCode; register: boolean };

export const isRegistered = (users: readonly LicenseUserEntry[], identifier: LicenseIdentifier) =>
  users.some((u) => u.type === identifier.type && u.value.toLowerCase() === identifier.value.toLowerCase());

/**
 * The answer to "is this license valid here?", in this order: unknown key, another plugin's key, not active,
 * payment overdue or expired (the shared licenseStanding rule: valid while paid or in the payment grace), then the identifier: known → valid; new → registered while
 * maxRegistrations allows, else TOO_MANY_REGISTRATIONS.
 */
export function decideLicenseCheck(
  license: CheckedLicense | null,
  plugin: PluginName,
  identifier: LicenseIdentifier,
  now: Date,
): CheckDecision {
  if (!license || license.status === 'deleted') return { code: 'NOT_FOUND', register: false };
  if (!licenseMatchesPlugin({ pluginName: license.pluginName }, plugin))
    return { code: 'WRONG_PLUGIN', register: false };
  if (license.status !== 'active') return { code: 'INACTIVE', register: false };
  const standing = licenseStanding(
    {
      status: license.status,
      licenseExpired: license.expiresAt?.toISOString() ?? null,
      paymentGraceUntil: license.paymentGraceUntil?.toISOString() ?? null,
    },
    now,
  );
  if (standing === 'overdue') return { code: 'PAYMENT_OVERDUE', register: false };
  if (standing !== 'paid' && standing !== 'grace') return { code: 'EXPIRED', register: false };
  if (isRegistered(license.licenseUsers, identifier)) return { code: 'VALID', register: false };
  if (license.licenseUsers.length >= license.maxRegistrations)
    return { code: 'TOO_MANY_REGISTRATIONS', register: false };
  return { code: 'VALID', register: true };
}
