import fs from 'node:fs/promises';
import type { AppConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import type { MailService } from '../../plugins/mail';
import type { FileStorage } from '../../services/file-storage';

/** The states GET /health reports for each dependency and overall. */
export const HEALTH_STATES = ['healthy', 'degraded', 'unhealthy', 'unchecked'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];
export interface DependencyHealth {
  status: HealthState;
  detail?: string;
}

export const DEPENDENCIES = ['database', 'identity', 'mail', 'fileStorage', 'paymentProvider'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/** What the checks ask: the database, the identity service's address, the mail outbox, the storage, the provider. */
export interface HealthDeps {
  dbHandle: Pick<DbHandle, 'ping'>;
  /** The Auth emulator's host:port; none with a real Firebase project. */
  authEmulatorHost: AppConfig['firebase']['authEmulatorHost'];
  mail: Pick<MailService, 'outboxDir'>;
  fileStorage: Pick<FileStorage, 'exists'>;
  paymentProviderName: string;
}

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
export async function checkDependencies(deps: HealthDeps): Promise<Record<Dependency, DependencyHealth>> {
  const [database, identity, mail, fileStorage] = await Promise.all([
    timed(async () =>
      (await deps.dbHandle.ping())
        ? { status: 'healthy' }
        : { status: 'unhealthy', detail: 'the database did not answer' },
    ),
    timed(async () => {
      const emulator = deps.authEmulatorHost;
      if (!emulator) return { status: 'unchecked', detail: 'Firebase tokens are verified offline' };
      const res = await fetch(`http://${emulator}/`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      return res.ok
        ? { status: 'healthy' }
        : { status: 'unhealthy', detail: `the Auth emulator answered ${res.status}` };
    }),
    timed(async () => {
      const { outboxDir } = deps.mail;
      if (!outboxDir) return { status: 'unchecked', detail: 'SMTP delivery' };
      await fs.mkdir(outboxDir, { recursive: true });
      await fs.access(outboxDir, fs.constants.W_OK);
      return { status: 'healthy' };
    }),
    timed(async () => {
      await deps.fileStorage.exists('health/probe');
      return { status: 'healthy' };
    }),
  ]);
  const paymentProvider: DependencyHealth =
    deps.paymentProviderName === 'sandbox'
      ? { status: 'healthy', detail: 'the built-in sandbox' }
      : { status: 'unchecked', detail: deps.paymentProviderName };
  return { database, identity, mail, fileStorage, paymentProvider };
}

/** Unhealthy without the database (nothing works); degraded when anything else fails. */
export function overallHealth(checks: Record<Dependency, DependencyHealth>): HealthState {
  if (checks.database.status === 'unhealthy') return 'unhealthy';
  return Object.values(checks).some((c) => c.status === 'unhealthy') ? 'degraded' : 'healthy';
}
