// Drizzle of a registry entry's releases (registry_releases) and of which of them is live and in preview
// (registry_entries.live_release, preview_release and manifest_url). The portal module alone writes both tables; the
// staff module's release steps call these inside their transaction, under lockRegistry.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registryEntries, registryReleases, type RegistryEntryRow, type RegistryReleaseRow } from '../../db/schema';

/** An entry's releases, newest added first. */
export async function listReleaseRows(db: Db, entryId: string): Promise<RegistryReleaseRow[]> {
  return db
    .select()
    .from(registryReleases)
    .where(eq(registryReleases.entryId, entryId))
    .orderBy(desc(registryReleases.addedAt), desc(registryReleases.id));
}

export async function findReleaseRow(db: Db, entryId: string, id: string): Promise<RegistryReleaseRow | null> {
  const [row] = await db
    .select()
    .from(registryReleases)
    .where(and(eq(registryReleases.entryId, entryId), eq(registryReleases.id, id)))
    .limit(1);
  return row ?? null;
}

/** Adds a release to an entry; null when the entry lists it already. */
export async function insertReleaseRow(
  db: Db,
  values: Pick<RegistryReleaseRow, 'entryId' | 'id' | 'version' | 'manifestUrl' | 'addedBy'>,
): Promise<RegistryReleaseRow | null> {
  const [row] = await db
    .insert(registryReleases)
    .values(values)
    .onConflictDoNothing({ target: [registryReleases.entryId, registryReleases.id] })
    .returning();
  return row ?? null;
}

/** The release internal accounts get (null: none). */
export async function setPreviewRelease(
  db: Db,
  entryId: string,
  releaseId: string | null,
  by: string | null,
): Promise<RegistryEntryRow> {
  const [row] = await db
    .update(registryEntries)
    .set({ previewRelease: releaseId, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(registryEntries.id, entryId))
    .returning();
  return row;
}

/**
 * Makes a release live: the entry's manifest URL becomes the release's, its preview ends when it was this release,
 * and the release records when and by whom it went live.
 */
export async function setLiveRelease(
  db: Db,
  entryId: string,
  release: Pick<RegistryReleaseRow, 'id' | 'manifestUrl'>,
  by: string | null,
): Promise<RegistryEntryRow> {
  await db
    .update(registryReleases)
    .set({ liveAt: sql`now()`, liveBy: by })
    .where(and(eq(registryReleases.entryId, entryId), eq(registryReleases.id, release.id)));
  const [row] = await db
    .update(registryEntries)
    .set({
      manifestUrl: release.manifestUrl,
      liveRelease: release.id,
      previewRelease: sql`case when ${registryEntries.previewRelease} = ${release.id} then null else ${registryEntries.previewRelease} end`,
      updatedBy: by,
      updatedAt: sql`now()`,
    })
    .where(eq(registryEntries.id, entryId))
    .returning();
  return row;
}

/** Manifest URL of the preview release of each of these entries that has one (entry id → URL). */
export async function previewManifestUrls(db: Db, entryIds: string[]): Promise<Map<string, string>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({ entryId: registryEntries.id, manifestUrl: registryReleases.manifestUrl })
    .from(registryEntries)
    .innerJoin(
      registryReleases,
      and(eq(registryReleases.entryId, registryEntries.id), eq(registryReleases.id, registryEntries.previewRelease)),
    )
    .where(and(inArray(registryEntries.id, entryIds), isNotNull(registryEntries.previewRelease)));
  return new Map(rows.map((r) => [r.entryId, r.manifestUrl]));
}
