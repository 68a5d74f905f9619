// Drizzle of the purchase module, the only writer of post_payment_steps: the rows of an invoice's post-payment
// process, one per step with its state, attempts and output.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postPaymentSteps, type PostPaymentStepName } from '../../db/schema';

export type PostPaymentStepRow = typeof postPaymentSteps.$inferSelect;

/** The steps of a paid invoice's post-payment process, in the order they run (post-payment.ts says what each does). */
export const POST_PAYMENT_STEPS: readonly PostPaymentStepName[] = [
  'GetOrCreateLocalUser',
  'GetOrCreateGlobalUser',
  'CreateInvoiceInDb',
  'CreatePDFAndUpload',
  'HandleSubscription',
  'SendEmail',
  'SendCallbackToInitiator',
];

/** Creates the step rows of an invoice's post-payment process (idempotent: one row per invoice and step). */
export async function ensureSteps(db: Db, invoiceId: string, paymentId: string): Promise<void> {
  await db
    .insert(postPaymentSteps)
    .values(POST_PAYMENT_STEPS.map((step, seq) => ({ invoiceId, paymentId, step, seq })))
    .onConflictDoNothing({ target: [postPaymentSteps.invoiceId, postPaymentSteps.step] });
}

export function listSteps(db: Db, invoiceId: string): Promise<PostPaymentStepRow[]> {
  return db
    .select()
    .from(postPaymentSteps)
    .where(eq(postPaymentSteps.invoiceId, invoiceId))
    .orderBy(asc(postPaymentSteps.seq));
}

/** Locks one step row for the caller's transaction (a second runner waits, then sees it done). */
export async function lockStep(db: Db, id: string): Promise<PostPaymentStepRow> {
  const [row] = await db.select().from(postPaymentSteps).where(eq(postPaymentSteps.id, id)).for('update');
  return row;
}

export async function completeStep(db: Db, id: string, output: Record<string, unknown>): Promise<void> {
  const now = new Date();
  await db
    .update(postPaymentSteps)
    .set({
      state: 'done',
      output,
      lastError: null,
      attempts: sql`${postPaymentSteps.attempts} + 1`,
      finishedAt: now,
      updatedAt: now,
    })
    .where(eq(postPaymentSteps.id, id));
}

/** Records a failed attempt; after `maxAttempts` the step is `failed` and no longer resumed by itself. */
export async function failStepAttempt(db: Db, id: string, error: string, maxAttempts: number): Promise<void> {
  await db
    .update(postPaymentSteps)
    .set({
      attempts: sql`${postPaymentSteps.attempts} + 1`,
      lastError: error.slice(0, 2000),
      state: sql`case when ${postPaymentSteps.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(postPaymentSteps.id, id), ne(postPaymentSteps.state, 'done')));
}

/** Invoices whose post-payment process has a step still to run (resumed at start). */
export async function unfinishedProcesses(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ invoiceId: postPaymentSteps.invoiceId })
    .from(postPaymentSteps)
    .where(eq(postPaymentSteps.state, 'pending'));
  return rows.map((r) => r.invoiceId);
}
