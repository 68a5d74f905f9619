// Drizzle of the portal module, the only writer of the registry (registry_entries) and of app_meta: the entries the
// dashboard reads, seeded once, and the writes staff make through the staff module's routes.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMeta, registryEntries, type RegistryEntryRow } from '../../db/schema';

/** Every entry, in dashboard order (the caller filters by enabled and audience). */
export async function listRegistryRows(db: Db, options: { enabledOnly?: boolean } = {}): Promise<RegistryEntryRow[]> {
  const query = db.select().from(registryEntries);
  const filtered = options.enabledOnly ? query.where(eq(registryEntries.enabled, true)) : query;
  return filtered.orderBy(asc(registryEntries.sortOrder), asc(registryEntries.id));
}

/** Key of the transaction-scoped advisory lock every registry write takes (two api instances, one writer). */
export const REGISTRY_LOCK_KEY = 0x7265_6731; // 'reg1'

const SEED_MARKER = { scope: 'registry', key: 'seeded' } as const;

/**
 * Inserts the default entries once: only while the table is empty and no earlier seed is recorded (a registry
 * staff emptied stays empty). One transaction under an advisory lock, and ON CONFLICT DO NOTHING, so two
 * instances starting at once insert each entry once. Returns how many rows it inserted.
 */
export async function seedRegistryRows(db: Db, rows: (typeof registryEntries.$inferInsert)[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRY_LOCK_KEY})`);
    const [marker] = await tx
      .select({ key: appMeta.key })
      .from(appMeta)
      .where(sql`${appMeta.scope} = ${SEED_MARKER.scope} and ${appMeta.key} = ${SEED_MARKER.key}`)
      .limit(1);
    const [{ n }] = await tx.select({ n: count() }).from(registryEntries);
    if (marker || n > 0 || rows.length === 0) return 0;
    const inserted = await tx
      .insert(registryEntries)
      .values(rows)
      .onConflictDoNothing({ target: registryEntries.id })
      .returning({ id: registryEntries.id });
    await tx
      .insert(appMeta)
      .values({ ...SEED_MARKER, value: { at: new Date().toISOString(), entries: inserted.length } })
      .onConflictDoNothing();
    return inserted.length;
  });
}

export type RegistryEntryValues = Omit<typeof registryEntries.$inferInsert, 'id' | 'updatedAt'>;

/** Serializes registry writes of every api instance until the transaction ends (route uniqueness, seed). */
export async function lockRegistry(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRY_LOCK_KEY})`);
}

export async function findEntry(db: Db, id: string): Promise<RegistryEntryRow | null> {
  const [row] = await db.select().from(registryEntries).where(eq(registryEntries.id, id)).limit(1);
  return row ?? null;
}

/** id and routes of every entry (the table is small: route checks run in memory). */
export async function listEntryRoutes(db: Db): Promise<{ id: string; routes: string[] }[]> {
  return db.select({ id: registryEntries.id, routes: registryEntries.routes }).from(registryEntries);
}

/** Inserts the entry; null when the id exists already. */
export async function insertEntry(db: Db, id: string, values: RegistryEntryValues): Promise<RegistryEntryRow | null> {
  const [row] = await db
    .insert(registryEntries)
    .values({ id, ...values })
    .onConflictDoNothing({ target: registryEntries.id })
    .returning();
  return row ?? null;
}

export async function updateEntryRow(db: Db, id: string, values: RegistryEntryValues): Promise<RegistryEntryRow> {
  const [row] = await db
    .update(registryEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(registryEntries.id, id))
    .returning();
  return row;
}

export async function deleteEntryRow(db: Db, id: string): Promise<void> {
  await db.delete(registryEntries).where(eq(registryEntries.id, id));
}
