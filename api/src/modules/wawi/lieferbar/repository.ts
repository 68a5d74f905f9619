import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dataSources, users } from '../../../db/schema';

export type DataSourceRow = typeof dataSources.$inferSelect;

export async function findOwnerEmail(db: Db, ownerId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId)).limit(1);
  return row?.email ?? null;
}

/** The seller's own database connection (the data source of the profile). */
export async function findOwnerDataSource(db: Db, ownerId: string): Promise<DataSourceRow | null> {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.userId, ownerId)).limit(1);
  return row ?? null;
}
