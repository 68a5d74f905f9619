// Drizzle of the staff module: the audit log of registry changes (it alone writes registry_audit). The registry's
// entries are the portal module's table: staff change them through it (portal/index.ts).
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registryAudit, type RegistryAuditRow } from '../../db/schema';

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
