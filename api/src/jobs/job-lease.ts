import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';
import { portalMetrics } from '../lib/metrics';

export const LEASE_MS = 60_000;

export type JobRunRow = typeof jobRuns.$inferSelect;

/** An id for this process, so a lease names who holds it. */
export const INSTANCE_ID = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

/**
 * Claims the run of `job` for `period` in one statement: a new run, or one that failed or whose holder stopped
 * renewing its lease (a crashed instance). Returns null when the run is done or another instance holds it.
 */
export async function claimRun(db: Db, job: string, period: string): Promise<JobRunRow | null> {
  // Leases run on the wall clock, not on the business date a run is for: a rerun of `--date 2026-12-01` after a
  // crash takes the run over once the dead holder's lease has run out in real time.
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const [row] = await db
    .insert(jobRuns)
    .values({ job, period, status: 'running', owner: INSTANCE_ID, leaseUntil, startedAt: now })
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.period],
      set: {
        status: 'running',
        owner: INSTANCE_ID,
        leaseUntil,
        attempts: sql`${jobRuns.attempts} + 1`,
        error: null,
      },
      setWhere: sql`${jobRuns.status} <> 'done' AND (${jobRuns.status} = 'failed' OR ${jobRuns.leaseUntil} < ${now})`,
    })
    .returning();
  return row ?? null;
}

/** Extends the lease while the run is still ours; false when another instance took it over. */
export async function renewLease(db: Db, job: string, period: string): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({ leaseUntil: new Date(Date.now() + LEASE_MS) })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period), eq(jobRuns.owner, INSTANCE_ID)))
    .returning({ job: jobRuns.job });
  return rows.length > 0;
}

export async function finishRun(
  db: Db,
  job: string,
  period: string,
  result: { status: 'done'; summary: Record<string, unknown> } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      status: result.status,
      finishedAt: new Date(),
      summary: result.status === 'done' ? result.summary : null,
      error: result.status === 'failed' ? result.error.slice(0, 2000) : null,
    })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period), eq(jobRuns.owner, INSTANCE_ID)));
}

export type RunOutcome = { ran: true; summary: Record<string, unknown> } | { ran: false; reason: 'done-or-held' };

/**
 * Runs `work` for (job, period) exactly once across every instance on the database: claim, renew the lease while
 * working, record the outcome. A failure is recorded and left for the next attempt; `work` must be safe to resume
 * (billing work is keyed per item, see billing_events).
 */
export async function runOnce(
  db: Db,
  job: string,
  period: string,
  work: () => Promise<Record<string, unknown>>,
): Promise<RunOutcome> {
  // Every run of every job passes here: counted by outcome (portal_job_runs_total), claimed ones timed.
  const { jobRuns: runs, jobDuration } = portalMetrics();
  const claim = await claimRun(db, job, period);
  if (!claim) {
    runs.inc({ job, outcome: 'skipped' });
    return { ran: false, reason: 'done-or-held' };
  }
  const timer = jobDuration.startTimer({ job });
  const heartbeat = setInterval(() => void renewLease(db, job, period).catch(() => undefined), LEASE_MS / 3);
  heartbeat.unref();
  let outcome: 'done' | 'failed' = 'failed';
  try {
    const summary = await work();
    await finishRun(db, job, period, { status: 'done', summary });
    outcome = 'done';
    return { ran: true, summary };
  } catch (err) {
    await finishRun(db, job, period, { status: 'failed', error: (err as Error).message });
    throw err;
  } finally {
    clearInterval(heartbeat);
    runs.inc({ job, outcome });
    timer({ outcome });
  }
}
