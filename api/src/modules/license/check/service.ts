import type { LicenseCheckRequest, LicenseCheckResponse } from '@portal/shared/domain';
import type { Db } from '../../../db/client';
import { decideLicenseCheck } from './license-check-rule';
import { findLicenseByKey, registerIdentifier } from './repository';

/** The answer to a plugin's check: registers the identifier when the rule allows it (under the license's lock). */
export async function checkLicense(
  db: Db,
  { key, plugin, identifier }: LicenseCheckRequest,
  now = new Date(),
): Promise<LicenseCheckResponse> {
  let license = await findLicenseByKey(db, key);
  let decision = decideLicenseCheck(license, plugin, identifier, now);
  if (license && decision.register) {
    license = await registerIdentifier(db, license.id, identifier, (locked) =>
      decideLicenseCheck(locked, plugin, identifier, now),
    );
    decision = decideLicenseCheck(license, plugin, identifier, now);
  }
  if (!license || decision.code === 'NOT_FOUND' || decision.code === 'WRONG_PLUGIN') {
    return { valid: false, code: decision.code };
  }
  return {
    valid: decision.code === 'VALID',
    code: decision.code,
    expiresAt: license.expiresAt?.toISOString() ?? null,
    ...(license.paymentGraceUntil && { paymentGraceUntil: license.paymentGraceUntil.toISOString() }),
    registrations: { used: license.licenseUsers.length, max: license.maxRegistrations },
  };
}
