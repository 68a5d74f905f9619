import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

/** Spec §3 health status values. */
export const HEALTH_STATES = ['healthy', 'degraded', 'unhealthy', 'unchecked'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];
export interface DependencyHealth {
  status: HealthState;
  detail?: string;
}

export const DEPENDENCIES = ['database', 'identity', 'mail', 'fileStorage', 'paymentProvider'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

const CHECK_TIMEOUT_MS = 2000;

/** A check that takes longer than CHECK_TIMEOUT_MS counts as failed: health must answer fast even in an outage. */
async function timed(check: () => Promise<DependencyHealth>): Promise<DependencyHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DependencyHealth>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'unhealthy', detail: `no answer within ${CHECK_TIMEOUT_MS} ms` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      check().catch((err: Error) => ({ status: 'unhealthy' as const, detail: err.message.slice(0, 200) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Each dependency's state. Database, the Auth emulator, the mail outbox and the file storage are really asked;
 * a real Firebase project (tokens are verified offline) and SMTP/PayPal (asking would cost a connection or a token
 * per probe) report 'unchecked' rather than a guess.
 */
export async function checkDependencies(app: FastifyInstance): Promise<Record<Dependency, DependencyHealth>> {
  const { config } = app;
  const [database, identity, mail, fileStorage] = await Promise.all([
    timed(async () =>
      (await app.dbHandle.ping())
        ? { status: 'healthy' }
        : { status: 'unhealthy', detail: 'the database did not answer' },
    ),
    timed(async () => {
      const emulator = config.firebase.authEmulatorHost;
      if (!emulator) return { status: 'unchecked', detail: 'Firebase tokens are verified offline' };
      const res = await fetch(`http://${emulator}/`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      return res.ok
        ? { status: 'healthy' }
        : { status: 'unhealthy', detail: `the Auth emulator answered ${res.status}` };
    }),
    timed(async () => {
      if (!app.mail.outboxDir) return { status: 'unchecked', detail: 'SMTP delivery' };
      await fs.mkdir(app.mail.outboxDir, { recursive: true });
      await fs.access(app.mail.outboxDir, fs.constants.W_OK);
      return { status: 'healthy' };
    }),
    timed(async () => {
      await app.fileStorage.exists('health/probe');
      return { status: 'healthy' };
    }),
  ]);
  const paymentProvider: DependencyHealth =
    app.paymentProvider.name === 'sandbox'
      ? { status: 'healthy', detail: 'the built-in sandbox' }
      : { status: 'unchecked', detail: app.paymentProvider.name };
  return { database, identity, mail, fileStorage, paymentProvider };
}

/** Unhealthy without the database (nothing works); degraded when anything else fails. */
export function overallHealth(checks: Record<Dependency, DependencyHealth>): HealthState {
  if (checks.database.status === 'unhealthy') return 'unhealthy';
  return Object.values(checks).some((c) => c.status === 'unhealthy') ? 'degraded' : 'healthy';
}
