import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avvAcceptances, avvVersions, type AvvVersionRow } from '../../db/schema';
import { setAvvAcceptance } from '../user';

/** A database or an open transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The version sellers must have accepted on `today`: the newest already effective (ties: the later published). */
export async function findCurrentVersion(db: DbOrTx, today: string): Promise<AvvVersionRow | null> {
  const [row] = await db
    .select()
    .from(avvVersions)
    .where(lte(avvVersions.effectiveDate, today))
    .orderBy(desc(avvVersions.effectiveDate), desc(avvVersions.publishedAt))
    .limit(1);
  return row ?? null;
}

/** The version with the latest effective date (may lie in the future). */
export async function findLatestVersion(db: DbOrTx): Promise<AvvVersionRow | null> {
  const [row] = await db
    .select()
    .from(avvVersions)
    .orderBy(desc(avvVersions.effectiveDate), desc(avvVersions.publishedAt))
    .limit(1);
  return row ?? null;
}

export async function findVersion(db: DbOrTx, id: string): Promise<AvvVersionRow | null> {
  const [row] = await db.select().from(avvVersions).where(eq(avvVersions.id, id)).limit(1);
  return row ?? null;
}

export async function findVersionByLabel(db: DbOrTx, label: string): Promise<AvvVersionRow | null> {
  const [row] = await db
    .select()
    .from(avvVersions)
    .where(sql`lower(${avvVersions.version}) = lower(${label})`)
    .limit(1);
  return row ?? null;
}

/** Every version, newest effective first, with the number of users who accepted it. */
export async function listVersionsWithCounts(db: DbOrTx): Promise<(AvvVersionRow & { acceptedCount: number })[]> {
  const rows = await db
    .select({
      version: avvVersions,
      // Spelled out: inside a one-table select Drizzle leaves column names unqualified.
      acceptedCount:
        sql<number>`(select count(*) from "avv_acceptances" aa where aa."version_id" = "avv_versions"."id")`.mapWith(
          Number,
        ),
    })
    .from(avvVersions)
    .orderBy(desc(avvVersions.effectiveDate), desc(avvVersions.publishedAt));
  return rows.map((r) => ({ ...r.version, acceptedCount: r.acceptedCount }));
}

export type NewAvvVersion = typeof avvVersions.$inferInsert;

export async function insertVersion(db: DbOrTx, values: NewAvvVersion): Promise<AvvVersionRow> {
  const [row] = await db.insert(avvVersions).values(values).returning();
  return row;
}

export interface AcceptanceWithVersion {
  id: string;
  versionId: string;
  version: string;
  effectiveDate: string;
  acceptedAt: Date;
  acceptedByEmail: string;
}

const acceptanceColumns = {
  id: avvAcceptances.id,
  versionId: avvAcceptances.versionId,
  version: avvVersions.version,
  effectiveDate: avvVersions.effectiveDate,
  acceptedAt: avvAcceptances.acceptedAt,
  acceptedByEmail: avvAcceptances.acceptedByEmail,
};

/** The user's acceptances, newest first. */
export async function listAcceptances(db: DbOrTx, userId: string): Promise<AcceptanceWithVersion[]> {
  return db
    .select(acceptanceColumns)
    .from(avvAcceptances)
    .innerJoin(avvVersions, eq(avvVersions.id, avvAcceptances.versionId))
    .where(eq(avvAcceptances.userId, userId))
    .orderBy(desc(avvAcceptances.acceptedAt), desc(avvVersions.effectiveDate));
}

/** The newest acceptance of the user (by the version's effective date, then time). */
export async function findLatestAcceptance(db: DbOrTx, userId: string): Promise<AcceptanceWithVersion | null> {
  const [row] = await db
    .select(acceptanceColumns)
    .from(avvAcceptances)
    .innerJoin(avvVersions, eq(avvVersions.id, avvAcceptances.versionId))
    .where(eq(avvAcceptances.userId, userId))
    .orderBy(desc(avvVersions.effectiveDate), desc(avvVersions.publishedAt), desc(avvAcceptances.acceptedAt))
    .limit(1);
  return row ?? null;
}

export async function findAcceptance(
  db: DbOrTx,
  userId: string,
  versionId: string,
): Promise<AcceptanceWithVersion | null> {
  const [row] = await db
    .select(acceptanceColumns)
    .from(avvAcceptances)
    .innerJoin(avvVersions, eq(avvVersions.id, avvAcceptances.versionId))
    .where(and(eq(avvAcceptances.userId, userId), eq(avvAcceptances.versionId, versionId)))
    .limit(1);
  return row ?? null;
}

/**
 * Records that `userId` accepted `version` now (once per version: a second accept keeps the first date) and
 * keeps users.avv_accepted_date / avv_version at the latest acceptance. Returns the stored acceptance.
 */
export async function recordAcceptance(
  db: Db,
  input: { userId: string; email: string; version: AvvVersionRow; now: Date },
): Promise<AcceptanceWithVersion> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(avvAcceptances)
      .values({
        userId: input.userId,
        version: input.version.version,
        versionId: input.version.id,
        acceptedAt: input.now,
        acceptedByEmail: input.email,
      })
      .onConflictDoNothing({ target: [avvAcceptances.userId, avvAcceptances.versionId] })
      .returning({ id: avvAcceptances.id });
    if (inserted) {
      await setAvvAcceptance(tx as unknown as Db, input.userId, { version: input.version.version, at: input.now });
    }
    const stored = await findAcceptance(tx, input.userId, input.version.id);
    if (!stored) throw new Error('AVV acceptance vanished inside its transaction');
    return stored;
  });
}
