import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registryAudit, registryEntries, type RegistryAuditRow, type RegistryEntryRow } from '../../db/schema';
import { REGISTRY_LOCK_KEY } from '../portal';

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

export async function insertAudit(db: Db, values: typeof registryAudit.$inferInsert): Promise<RegistryAuditRow> {
  const [row] = await db.insert(registryAudit).values(values).returning();
  return row;
}

/** One page of the audit log, newest first. */
export async function listAudit(
  db: Db,
  options: { entryId?: string; offset: number; limit: number },
): Promise<{ rows: RegistryAuditRow[]; total: number }> {
  const where = options.entryId ? eq(registryAudit.entryId, options.entryId) : undefined;
  const rows = await db
    .select()
    .from(registryAudit)
    .where(where)
    .orderBy(desc(registryAudit.at), desc(registryAudit.id))
    .limit(options.limit)
    .offset(options.offset);
  const [{ n }] = await db.select({ n: count() }).from(registryAudit).where(where);
  return { rows, total: n };
}
