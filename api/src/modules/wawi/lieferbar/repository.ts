import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dataSources } from '../../../db/schema';

export type DataSourceRow = typeof dataSources.$inferSelect;

/** The seller's own database connection (the data source of the profile). */
export async function findOwnerDataSource(db: Db, ownerId: string): Promise<DataSourceRow | null> {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.userId, ownerId)).limit(1);
  return row ?? null;
}
