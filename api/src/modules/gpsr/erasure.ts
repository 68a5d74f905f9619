// What deleting an account does to its GPSR records. Released versions are technical documentation the law keeps for
// 10 years after release (Art. 9(3) GPSR): they and the files they need stay until their retention date, detached from
// the account (user_id set NULL by the foreign key when the users row goes). Their bytes move out of the account's
// storage folder (gpsr/<account id>/…) to the retained area, so no key names the deleted account. Everything else of
// the account goes: drafts (products, cascade from users), files no retained version needs, versions past retention.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, exists, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gpsrFiles, gpsrVersionFiles, gpsrVersions } from '../../db/schema';
import { storageKey, StoredFileNotFound } from '../../services/file-storage';
import { fileKey, type GpsrDeps } from './service';

/** Where the bytes of a file that a retained version needs are kept once its account was deleted. */
export const retainedFileKey = (name: string) => storageKey('gpsr-retained', 'files', name);

export interface GpsrErasure {
  /** Bytes to copy before the deletion commits: from the account's folder to the retained area. */
  copies: { from: string; to: string; contentType: string }[];
  /** Keys to remove once the deletion committed: the account's folder (erased files, originals of the copies). */
  removeAfterCommit: string[];
}

/**
 * Run inside the deletion's transaction, before the users rows are deleted: deletes the versions of `ownerIds` whose
 * retention ended and every file of theirs that no remaining version needs; lists the storage work.
 */
export async function eraseGpsrRecords(tx: Db, ownerIds: string[], now: Date): Promise<GpsrErasure> {
  if (!ownerIds.length) return { copies: [], removeAfterCommit: [] };
  await tx
    .delete(gpsrVersions)
    .where(and(inArray(gpsrVersions.userId, ownerIds), lte(gpsrVersions.retentionUntil, now)));
  const files = await tx
    .select({
      name: gpsrFiles.name,
      userId: gpsrFiles.userId,
      mimeType: gpsrFiles.mimeType,
      needed: exists(tx.select().from(gpsrVersionFiles).where(eq(gpsrVersionFiles.fileName, gpsrFiles.name))),
    })
    .from(gpsrFiles)
    .where(inArray(gpsrFiles.userId, ownerIds));
  const erased = files.filter((f) => !f.needed).map((f) => f.name);
  if (erased.length) await tx.delete(gpsrFiles).where(inArray(gpsrFiles.name, erased));
  const keyOf = (f: (typeof files)[number]) => fileKey(f.userId!, f.name);
  return {
    copies: files
      .filter((f) => f.needed)
      .map((f) => ({ from: keyOf(f), to: retainedFileKey(f.name), contentType: f.mimeType })),
    removeAfterCommit: files.map(keyOf),
  };
}

/**
 * Copies the retained files' bytes (a stored file that is missing already is logged and skipped: there is nothing
 * left to keep). Every key written is pushed to `written` at once, so a caller whose deletion fails can remove them.
 */
export async function copyRetainedFiles(
  storage: Pick<GpsrDeps, 'fileStorage'>,
  log: FastifyBaseLogger,
  copies: GpsrErasure['copies'],
  written: string[],
): Promise<void> {
  for (const copy of copies) {
    let source;
    try {
      source = await storage.fileStorage.get(copy.from);
    } catch (err) {
      if (!(err instanceof StoredFileNotFound)) throw err;
      log.warn({ key: copy.from }, 'a file a retained GPSR version needs is missing from storage');
      continue;
    }
    await storage.fileStorage.put(copy.to, source, { contentType: copy.contentType });
    written.push(copy.to);
  }
}
