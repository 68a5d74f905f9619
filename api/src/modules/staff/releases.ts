import { rollbackTarget, type AuditAction, type ReleaseInput, type StaffReleases } from '@portal/shared/domain';
import type { Db } from '../../db/client';
import type { RegistryEntryRow, RegistryReleaseRow } from '../../db/schema';
import { HttpError, invalidField } from '../../lib/http-error';
import {
  findEntry,
  findReleaseRow,
  insertReleaseRow,
  listReleaseRows,
  lockRegistry,
  setLiveRelease,
  setPreviewRelease,
} from '../portal';
import { checkRelease, type ReleaseCheckDeps } from './release-check';
import { entryNotFound, recordAudit, type AuditActor } from './service';

// The release steps of a registry entry. Each one that makes a release reachable (preview, promote, rollback) loads
// its manifest again and checks it against the shell first: a release checked when it was added may no longer fit
// (the shell moved to another major, the host serves something else). The fetch runs before the transaction, so the
// registry lock is never held while waiting for another host. Every step is written to the audit log with the
// entry's live and preview release before and after, in the transaction of the change.

export interface ReleaseDeps extends ReleaseCheckDeps {
  db: Db;
}

const releaseNotFound = (entryId: string, id: string) =>
  new HttpError(404, 'release-not-found', `Release ${id} is not a release of ${entryId}`);

function toStaffRelease(row: RegistryReleaseRow) {
  return {
    id: row.id,
    version: row.version,
    manifestUrl: row.manifestUrl,
    addedAt: row.addedAt.toISOString(),
    addedBy: row.addedBy,
    liveAt: row.liveAt?.toISOString() ?? null,
    liveBy: row.liveBy,
  };
}

async function releasesOf(db: Db, entry: RegistryEntryRow): Promise<StaffReleases> {
  const releases = (await listReleaseRows(db, entry.id)).map(toStaffRelease);
  return {
    entryId: entry.id,
    live: entry.liveRelease,
    preview: entry.previewRelease,
    rollbackTo: rollbackTarget(releases, entry.liveRelease),
    releases,
  };
}

/** The audit log's picture of an entry's release state. */
const releaseState = (entry: RegistryEntryRow) => ({
  manifestUrl: entry.manifestUrl,
  liveRelease: entry.liveRelease,
  previewRelease: entry.previewRelease,
});

async function entryOf(db: Db, id: string): Promise<RegistryEntryRow> {
  const entry = await findEntry(db, id);
  if (!entry) throw entryNotFound(id);
  return entry;
}

export async function listReleases(db: Db, entryId: string): Promise<StaffReleases> {
  return releasesOf(db, await entryOf(db, entryId));
}

/** Checks the release at `input.manifestUrl` and adds it to the entry's list (not yet live or in preview). */
export async function addRelease(
  deps: ReleaseDeps,
  actor: AuditActor,
  entryId: string,
  input: ReleaseInput,
): Promise<StaffReleases> {
  const entry = await entryOf(deps.db, entryId);
  if (!entry.remote) {
    throw invalidField(
      'manifestUrl',
      'validation_registry_manifest_url_unexpected',
      `${entryId} is a page of the shell: it has no remote to release`,
    );
  }
  const checked = await checkRelease(deps, input.manifestUrl, entry.remote);
  return deps.db.transaction(async (tx) => {
    await lockRegistry(tx);
    const current = await entryOf(tx, entryId);
    const row = await insertReleaseRow(tx, {
      entryId,
      id: checked.id,
      version: checked.version,
      manifestUrl: input.manifestUrl,
      addedBy: actor.email,
    });
    if (!row) {
      throw new HttpError(409, 'release-exists', `${entryId} lists release ${checked.id} already`, {
        manifestUrl: 'api_error_release_exists',
      });
    }
    await recordAudit(tx, {
      actor,
      action: 'release-add',
      entryId,
      before: null,
      after: { release: row.id, version: row.version, manifestUrl: row.manifestUrl },
    });
    return releasesOf(tx, current);
  });
}

/** Loads the release's manifest again and checks it; the release row as stored. */
async function recheck(deps: ReleaseDeps, entry: RegistryEntryRow, releaseId: string): Promise<RegistryReleaseRow> {
  const release = await findReleaseRow(deps.db, entry.id, releaseId);
  if (!release) throw releaseNotFound(entry.id, releaseId);
  await checkRelease(deps, release.manifestUrl, entry.remote);
  return release;
}

/** One change of the entry's release state in a transaction under the registry lock, audited with before/after. */
async function changeState(
  db: Db,
  actor: AuditActor,
  entryId: string,
  action: AuditAction,
  change: (tx: Db, entry: RegistryEntryRow) => Promise<RegistryEntryRow>,
): Promise<StaffReleases> {
  return db.transaction(async (tx) => {
    await lockRegistry(tx);
    const before = await entryOf(tx, entryId);
    const after = await change(tx, before);
    await recordAudit(tx, { actor, action, entryId, before: releaseState(before), after: releaseState(after) });
    return releasesOf(tx, after);
  });
}

/** Internal accounts get this release instead of the live one (after the check). */
export async function previewRelease(
  deps: ReleaseDeps,
  actor: AuditActor,
  entryId: string,
  releaseId: string,
): Promise<StaffReleases> {
  const release = await recheck(deps, await entryOf(deps.db, entryId), releaseId);
  return changeState(deps.db, actor, entryId, 'preview', (tx) =>
    setPreviewRelease(tx, entryId, release.id, actor.email),
  );
}

/** Internal accounts get the live release again. */
export async function endPreview(db: Db, actor: AuditActor, entryId: string): Promise<StaffReleases> {
  return changeState(db, actor, entryId, 'preview-end', (tx) => setPreviewRelease(tx, entryId, null, actor.email));
}

/** Everybody gets this release (after the check); its preview ends. */
export async function promoteRelease(
  deps: ReleaseDeps,
  actor: AuditActor,
  entryId: string,
  releaseId: string,
): Promise<StaffReleases> {
  const release = await recheck(deps, await entryOf(deps.db, entryId), releaseId);
  return changeState(deps.db, actor, entryId, 'promote', (tx) => setLiveRelease(tx, entryId, release, actor.email));
}

/** Everybody gets the release that was live before the live one again (after the check). */
export async function rollback(deps: ReleaseDeps, actor: AuditActor, entryId: string): Promise<StaffReleases> {
  const entry = await entryOf(deps.db, entryId);
  const target = rollbackTarget((await listReleases(deps.db, entryId)).releases, entry.liveRelease);
  if (!target) {
    throw new HttpError(409, 'release-no-rollback', `${entryId} has no earlier live release to go back to`);
  }
  const release = await recheck(deps, entry, target);
  return changeState(deps.db, actor, entryId, 'rollback', async (tx, current) => {
    if (current.liveRelease !== entry.liveRelease) {
      throw new HttpError(409, 'release-no-rollback', `The live release of ${entryId} changed meanwhile; try again`);
    }
    return setLiveRelease(tx, entryId, release, actor.email);
  });
}
