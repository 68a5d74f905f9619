import {
  avvEffectiveDateIssue,
  avvNeedsReacceptance,
  isProfileComplete,
  utcDay,
  type AvvAcceptanceEntry,
  type AvvCurrent,
  type AvvVersion,
  type AvvVersionInput,
} from '@portal/shared/domain';
import type { Db } from '../../db/client';
import type { AvvVersionRow, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../staff';
import { loadContact } from '../user/profile';
import {
  findAcceptance,
  findCurrentVersion,
  findLatestAcceptance,
  findLatestVersion,
  findVersion,
  findVersionByLabel,
  insertVersion,
  recordAcceptance,
  type AcceptanceWithVersion,
} from './repository';

export function toVersion(row: AvvVersionRow): AvvVersion {
  return {
    id: row.id,
    version: row.version,
    effectiveDate: row.effectiveDate,
    summary: { de: row.summaryDe, en: row.summaryEn },
    text: { de: row.textDe, en: row.textEn },
    subProcessors: row.subProcessors,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publishedBy,
  };
}

export function toAcceptance(row: AcceptanceWithVersion): AvvAcceptanceEntry {
  return {
    id: row.id,
    versionId: row.versionId,
    version: row.version,
    effectiveDate: row.effectiveDate,
    acceptedAt: row.acceptedAt.toISOString(),
    acceptedBy: row.acceptedByEmail,
  };
}

export const versionNotFound = () => new HttpError(404, 'avv-version-not-found', 'AVV version not found');
const versionExists = (label: string) =>
  new HttpError(400, 'avv-version-exists', `AVV version ${label} exists already`, {
    version: 'api_error_avv_version_exists',
  });

/** The version in force today. The first version is created by the migration, so there always is one. */
export async function currentVersion(db: Db, now = new Date()): Promise<AvvVersionRow> {
  const row = await findCurrentVersion(db, utcDay(now));
  if (!row) throw new Error('No AVV version is in force (the migration seeds the first one)');
  return row;
}

export async function currentState(db: Db, user: UserRow, now = new Date()): Promise<AvvCurrent> {
  const current = await currentVersion(db, now);
  const accepted = await findLatestAcceptance(db, user.id);
  return {
    current: toVersion(current),
    acceptedVersion: accepted ? toAcceptance(accepted) : null,
    needsReacceptance: avvNeedsReacceptance(current.id, accepted),
  };
}

/** The caller's acceptance of the version in force (null: not accepted it — maybe an older one). */
export async function currentAcceptance(
  db: Db,
  user: UserRow,
  now = new Date(),
): Promise<{ version: AvvVersionRow; acceptance: AcceptanceWithVersion | null }> {
  const version = await currentVersion(db, now);
  return { version, acceptance: await findAcceptance(db, user.id, version.id) };
}

/**
 * Accepts `versionId` for the caller. Only the version in force can be accepted (409 when a newer one was
 * published meanwhile); the profile must be complete (400 profile-incomplete), as for the first acceptance.
 */
export async function acceptVersion(
  db: Db,
  user: UserRow,
  versionId: string,
  now = new Date(),
): Promise<AcceptanceWithVersion> {
  const version = await findVersion(db, versionId);
  if (!version) throw versionNotFound();
  const current = await currentVersion(db, now);
  if (current.id !== version.id) {
    throw new HttpError(409, 'avv-version-not-current', `AVV version ${version.version} is not the current version`);
  }
  if (!isProfileComplete(await loadContact(db, user))) {
    throw new HttpError(400, 'profile-incomplete', 'Profile information is incomplete');
  }
  return recordAcceptance(db, { userId: user.id, email: user.email, version, now });
}

export interface StaffActor {
  uid: string;
  email: string;
}

/** Publishes a version (staff); label unique, effective date from today and not before the latest version's. */
export async function publishVersion(
  db: Db,
  actor: StaffActor,
  input: AvvVersionInput,
  now = new Date(),
): Promise<AvvVersionRow> {
  if (await findVersionByLabel(db, input.version)) throw versionExists(input.version);
  const latest = await findLatestVersion(db);
  const dateIssue = avvEffectiveDateIssue(input.effectiveDate, {
    today: utcDay(now),
    latestEffectiveDate: latest?.effectiveDate ?? null,
  });
  if (dateIssue) {
    throw new HttpError(400, 'validation-error', `effectiveDate ${input.effectiveDate} is not allowed`, {
      effectiveDate: dateIssue,
    });
  }
  try {
    return await db.transaction(async (tx) => {
      const row = await insertVersion(tx, {
        version: input.version,
        effectiveDate: input.effectiveDate,
        textDe: input.text.de,
        textEn: input.text.en,
        summaryDe: input.summary.de,
        summaryEn: input.summary.en,
        subProcessors: input.subProcessors,
        publishedAt: now,
        publishedBy: actor.email,
        publishedByUserId: actor.uid,
      });
      // The staff audit log: entry id `avv:<version>`, action create, after = the version without its texts.
      const { text: _text, ...after } = toVersion(row);
      await recordAudit(tx, {
        actor: { id: actor.uid, email: actor.email },
        action: 'create',
        entryId: `avv:${row.version}`,
        before: null,
        after,
      });
      return row;
    });
  } catch (err) {
    // Two staff publishing the same label at once: the unique index decides.
    const { code, cause } = err as { code?: string; cause?: { code?: string } };
    if (code === '23505' || cause?.code === '23505') throw versionExists(input.version);
    throw err;
  }
}
