// Gap-free invoice numbers: one counter row per series and year, incremented inside the caller's transaction.
// A rolled-back finalization rolls the increment back too, so no number is lost (a database sequence would
// leave gaps); concurrent finalizations queue on the counter row's lock.
import { formatInvoiceNumber } from '@portal/shared/domain';
import type { Db } from '../../db/client';
import { createInvoiceCounter, incrementInvoiceCounter } from './repository';

const berlinYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' });

/** Calendar year of a moment in Germany (an invoice issued 31 Dec 23:30 UTC belongs to the next year). */
export function invoiceYear(date: Date): number {
  return Number(berlinYear.format(date));
}

/**
 * The next number of `series` in `year` (`UPDATE … RETURNING` on the counter row, created at 0 on first use).
 * Must run inside the transaction that stores the number: the row stays locked until that transaction ends.
 */
export async function nextInvoiceNumber(tx: Db, series: string, year: number): Promise<string> {
  let value = await incrementInvoiceCounter(tx, series, year);
  if (value === null) {
    await createInvoiceCounter(tx, series, year);
    value = await incrementInvoiceCounter(tx, series, year);
  }
  if (value === null) throw new Error(`invoice counter ${series}/${year} could not be incremented`);
  return formatInvoiceNumber(series, year, value);
}
