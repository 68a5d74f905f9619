import type { DbEngine } from '../../../services/db-connect';

/**
 * Pending ("lieferbar") orders per shipping type in a JTL-Wawi database: real orders (nType 1, not offers), not
 * cancelled (nStorno 0), not completely delivered (nKomplettAusgeliefert 0) and not held back (no
 * kRueckhaltegrund), grouped by the name of their shipping method (dbo.tVersandArt). Orders without a shipping
 * method count under NULL.
 *
 * SQL Server is JTL-Wawi itself (schemas Verkauf and dbo). PostgreSQL and MariaDB hold the same two tables in
 * the equivalent places: PostgreSQL a schema `verkauf` (unquoted names fold to lower case) plus `public`,
 * MariaDB/MySQL the tables tAuftrag and tVersandArt in the connected database (no schemas inside a database).
 * Every query returns the columns shipping_type and pending_count.
 */
export const PENDING_ORDERS_SQL: Record<DbEngine, string> = {
  mssql: `SELECT v.cName AS shipping_type, COUNT_BIG(*) AS pending_count
FROM Verkauf.tAuftrag AS a
LEFT JOIN dbo.tVersandArt AS v ON v.kVersandArt = a.kVersandArt
WHERE a.nType = 1 AND a.nStorno = 0 AND a.nKomplettAusgeliefert = 0 AND ISNULL(a.kRueckhaltegrund, 0) = 0
GROUP BY v.cName`,
  postgres: `SELECT v.cName AS shipping_type, COUNT(*) AS pending_count
FROM verkauf.tAuftrag AS a
LEFT JOIN public.tVersandArt AS v ON v.kVersandArt = a.kVersandArt
WHERE a.nType = 1 AND a.nStorno = 0 AND a.nKomplettAusgeliefert = 0 AND COALESCE(a.kRueckhaltegrund, 0) = 0
GROUP BY v.cName`,
  mysql: `SELECT v.cName AS shipping_type, COUNT(*) AS pending_count
FROM tAuftrag AS a
LEFT JOIN tVersandArt AS v ON v.kVersandArt = a.kVersandArt
WHERE a.nType = 1 AND a.nStorno = 0 AND a.nKomplettAusgeliefert = 0 AND COALESCE(a.kRueckhaltegrund, 0) = 0
GROUP BY v.cName`,
};

/** The rows of PENDING_ORDERS_SQL as counts; drivers name the columns in their own case and return BIGINT as text. */
export function toOrderCounts(rows: Record<string, unknown>[]) {
  return rows.map((row) => {
    const lower = Object.fromEntries(Object.entries(row).map(([k, v]) => [k.toLowerCase(), v]));
    const name = lower.shipping_type;
    return {
      shippingType: name === null || name === undefined ? null : String(name),
      pendingCount: Number(lower.pending_count ?? 0),
    };
  });
}
