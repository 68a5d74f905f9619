import { and, desc, eq, inArray, isNull, lt, max, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gpsrFiles, gpsrProducts, gpsrVersionFiles, gpsrVersions } from '../../db/schema';

export type ProductRow = typeof gpsrProducts.$inferSelect;
export type FileRow = typeof gpsrFiles.$inferSelect;
export type VersionRow = typeof gpsrVersions.$inferSelect;

/** Every query is scoped to the owner: another seller's id simply finds nothing. */
export async function listProducts(db: Db, ownerId: string): Promise<ProductRow[]> {
  return db
    .select()
    .from(gpsrProducts)
    .where(eq(gpsrProducts.userId, ownerId))
    .orderBy(desc(gpsrProducts.createdAt), desc(gpsrProducts.id));
}

export async function findProduct(db: Db, ownerId: string, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(gpsrProducts)
    .where(and(eq(gpsrProducts.userId, ownerId), eq(gpsrProducts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function listVersions(db: Db, ownerId: string, productIds: string[]): Promise<VersionRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(gpsrVersions)
    .where(and(eq(gpsrVersions.userId, ownerId), inArray(gpsrVersions.originalProductId, productIds)))
    .orderBy(desc(gpsrVersions.number));
}

export async function findVersion(db: Db, ownerId: string, productId: string, number: number) {
  const [row] = await db
    .select()
    .from(gpsrVersions)
    .where(
      and(
        eq(gpsrVersions.userId, ownerId),
        eq(gpsrVersions.originalProductId, productId),
        eq(gpsrVersions.number, number),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Versions whose product was deleted and whose retention has not ended. */
export async function listRetainedVersions(db: Db, ownerId: string, now: Date): Promise<VersionRow[]> {
  return db
    .select()
    .from(gpsrVersions)
    .where(
      and(
        eq(gpsrVersions.userId, ownerId),
        isNull(gpsrVersions.productId),
        sql`${gpsrVersions.retentionUntil} > ${now.toISOString()}`,
      ),
    )
    .orderBy(desc(gpsrVersions.releasedAt));
}

export async function nextVersionNumber(db: Db, productId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(gpsrVersions.number) })
    .from(gpsrVersions)
    .where(eq(gpsrVersions.originalProductId, productId));
  return (row?.n ?? 0) + 1;
}

export async function findOwnedFiles(db: Db, ownerId: string, names: string[]): Promise<FileRow[]> {
  if (!names.length) return [];
  return db
    .select()
    .from(gpsrFiles)
    .where(and(eq(gpsrFiles.userId, ownerId), inArray(gpsrFiles.name, names)));
}

export async function findOwnedFile(db: Db, ownerId: string, name: string): Promise<FileRow | null> {
  const [row] = await findOwnedFiles(db, ownerId, [name]);
  return row ?? null;
}

export async function filesOfProduct(db: Db, productId: string): Promise<FileRow[]> {
  return db.select().from(gpsrFiles).where(eq(gpsrFiles.productId, productId));
}

/** Names among `names` that a released version still needs. */
export async function namesInVersions(db: Db, names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const rows = await db
    .selectDistinct({ name: gpsrVersionFiles.fileName })
    .from(gpsrVersionFiles)
    .where(inArray(gpsrVersionFiles.fileName, names));
  return new Set(rows.map((r) => r.name));
}

/** Uploaded files never saved with a product (older than `before`) and not needed by any version. */
export async function staleUnattachedFiles(db: Db, ownerId: string, before: Date): Promise<FileRow[]> {
  return db
    .select()
    .from(gpsrFiles)
    .where(
      and(
        eq(gpsrFiles.userId, ownerId),
        isNull(gpsrFiles.productId),
        lt(gpsrFiles.createdAt, before),
        notExists(db.select().from(gpsrVersionFiles).where(eq(gpsrVersionFiles.fileName, gpsrFiles.name))),
      ),
    );
}

type ProductInsert = typeof gpsrProducts.$inferInsert;

export async function insertFiles(db: Db, rows: (typeof gpsrFiles.$inferInsert)[]): Promise<void> {
  await db.insert(gpsrFiles).values(rows);
}

/** Attaches the named files to a product (null: detaches them). */
export async function setFilesProduct(db: Db, productId: string | null, names: string[]): Promise<void> {
  await db.update(gpsrFiles).set({ productId }).where(inArray(gpsrFiles.name, names));
}

export async function deleteOwnedFiles(db: Db, ownerId: string, names: string[]): Promise<void> {
  await db.delete(gpsrFiles).where(and(eq(gpsrFiles.userId, ownerId), inArray(gpsrFiles.name, names)));
}

export async function insertProduct(db: Db, values: ProductInsert): Promise<ProductRow> {
  const [row] = await db.insert(gpsrProducts).values(values).returning();
  return row;
}

export async function updateOwnedProduct(
  db: Db,
  ownerId: string,
  id: string,
  values: Partial<ProductInsert>,
): Promise<ProductRow> {
  const [row] = await db
    .update(gpsrProducts)
    .set(values)
    .where(and(eq(gpsrProducts.id, id), eq(gpsrProducts.userId, ownerId)))
    .returning();
  return row;
}

export async function deleteOwnedProduct(db: Db, ownerId: string, id: string): Promise<void> {
  await db.delete(gpsrProducts).where(and(eq(gpsrProducts.id, id), eq(gpsrProducts.userId, ownerId)));
}

export async function insertVersion(db: Db, values: typeof gpsrVersions.$inferInsert): Promise<VersionRow> {
  const [row] = await db.insert(gpsrVersions).values(values).returning();
  return row;
}

export async function insertVersionFiles(db: Db, versionId: string, names: string[]): Promise<void> {
  await db.insert(gpsrVersionFiles).values(names.map((fileName) => ({ versionId, fileName })));
}
