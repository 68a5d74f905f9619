// Gap-free invoice numbers: one counter row per series and year, incremented inside the caller's transaction.
// A rolled-back finalization rolls the increment back too, so no number is lost (a database sequence would
// leave gaps); concurrent finalizations queue on the counter row's lock.
import { formatInvoiceNumber } from '@portal/shared/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const berlinYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' });

/** Calendar year of a moment in Germany (an invoice issued 31 Dec 23:30 UTC belongs to the next year). */
export function invoiceYear(date: Date): number {
  return Number(berlinYear.format(date));
}

async function increment(tx: Db, series: string, year: number): Promise<number | null> {
  const result = await tx.execute(sql`
    UPDATE invoice_counters SET last_value = last_value + 1
    WHERE series = ${series} AND year = ${year}
    RETURNING last_value`);
  const rows = (result as unknown as { rows: { last_value: number }[] }).rows;
  return rows.length ? Number(rows[0].last_value) : null;
}

/**
 * The next number of `series` in `year` (`UPDATE … RETURNING` on the counter row, created at 0 on first use).
 * Must run inside the transaction that stores the number: the row stays locked until that transaction ends.
 */
export async function nextInvoiceNumber(tx: Db, series: string, year: number): Promise<string> {
  let value = await increment(tx, series, year);
  if (value === null) {
    await tx.execute(sql`
      INSERT INTO invoice_counters (series, year, last_value) VALUES (${series}, ${year}, 0)
      ON CONFLICT (series, year) DO NOTHING`);
    value = await increment(tx, series, year);
  }
  if (value === null) throw new Error(`invoice counter ${series}/${year} could not be incremented`);
  return formatInvoiceNumber(series, year, value);
}
