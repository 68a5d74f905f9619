// What the two subscription lifecycle models (sandbox provider, PayPal simulator) share: their commands, checked after
// every step, the seller's cancel and undo, and the invoice numbering invariant.
import { isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type fc from 'fast-check';
import type { Db } from '../src/db/client';
import { invoices } from '../src/db/schema';
import type { TestIdentity } from './helpers';

/**
 * Makes fast-check commands that run a step on the model and the api, then check the invariants: `command(name,
 * check, run)` gives the command's factory.
 */
export const commandsCheckedBy =
  <M extends object, R>(checkInvariants: (m: M, r: R) => Promise<void>) =>
  (name: string, check: (m: Readonly<M>) => boolean, run: (m: M, r: R) => Promise<void>) =>
  (): fc.AsyncCommand<M, R> => ({
    check,
    async run(m, r) {
      await run(m, r);
      await checkInvariants(m, r);
    },
    toString: () => name,
  });

/**
 * The seller cancels its subscription at period end (`cancel`) or undoes that (`resume`): 200 while the model holds
 * the subscription Active, else 409 subscription-not-active. Returns whether the api changed it.
 */
export async function postCancellation(
  app: FastifyInstance,
  seller: TestIdentity,
  subscriptionId: string,
  route: 'cancel' | 'resume',
  active: boolean,
): Promise<boolean> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/subscription/${subscriptionId}/${route}`,
    headers: seller.headers,
  });
  if (!active) {
    expect([res.statusCode, res.json().slug]).toEqual([409, 'subscription-not-active']);
    return false;
  }
  expect(res.statusCode).toBe(200);
  return true;
}

/** Invoice numbers are 1..n in every series and year, across all sellers of the database. */
export async function expectGapFreeInvoiceNumbers(db: Db): Promise<void> {
  const all = await db.select({ n: invoices.invoiceNumber }).from(invoices).where(isNotNull(invoices.invoiceNumber));
  const bySeries = new Map<string, number[]>();
  for (const { n } of all) {
    const [, prefix, value] = /^(.*)-(\d+)$/.exec(n!)!;
    bySeries.set(prefix, [...(bySeries.get(prefix) ?? []), Number(value)]);
  }
  for (const [prefix, values] of bySeries) {
    const sorted = [...values].sort((a, b) => a - b);
    expect({ prefix, values: sorted }).toEqual({ prefix, values: sorted.map((_v, i) => i + 1) });
  }
}
