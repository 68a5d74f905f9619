import type { LicenseIdentifier } from '@portal/shared/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { licenses } from '../../../db/schema';
import { isRegistered } from '../check';

export type ReleaseResult = 'released' | 'license-not-found' | 'registration-not-found';

/** Removes one registered identifier from an owner's license (row locked, so a parallel check sees before or after). */
export async function releaseIdentifier(
  db: Db,
  ownerId: string,
  licenseId: string,
  identifier: LicenseIdentifier,
): Promise<ReleaseResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ licenseUsers: licenses.licenseUsers })
      .from(licenses)
      .where(and(eq(licenses.id, licenseId), eq(licenses.userId, ownerId)))
      .for('update');
    if (!row) return 'license-not-found';
    if (!isRegistered(row.licenseUsers, identifier)) return 'registration-not-found';
    const remaining = row.licenseUsers.filter((u) => !isRegistered([u], identifier));
    await tx.update(licenses).set({ licenseUsers: remaining, updatedAt: new Date() }).where(eq(licenses.id, licenseId));
    return 'released';
  });
}
