import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dataSources } from '../../../db/schema';

export type DataSourceRow = typeof dataSources.$inferSelect;
type DataSourceValues = Omit<typeof dataSources.$inferInsert, 'userId'>;

export async function findDataSource(db: Db, userId: string): Promise<DataSourceRow | null> {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.userId, userId)).limit(1);
  return row ?? null;
}

/** True when there was a data source to delete. */
export async function deleteDataSource(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.delete(dataSources).where(eq(dataSources.userId, userId)).returning({ id: dataSources.id });
  return deleted.length > 0;
}

/** Insert or replace the user's data source. */
export async function upsertDataSource(db: Db, userId: string, values: DataSourceValues): Promise<DataSourceRow> {
  const [row] = await db
    .insert(dataSources)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: dataSources.userId, set: values })
    .returning();
  return row;
}

/** Inserts a data source unless the user has one. */
export async function insertDataSourceIfNone(db: Db, values: typeof dataSources.$inferInsert): Promise<void> {
  await db.insert(dataSources).values(values).onConflictDoNothing({ target: dataSources.userId });
}
