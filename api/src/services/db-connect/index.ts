import { resolveTarget, type Lookup } from './address-guard';
import { failureKind } from './failure-kind';
import { mssqlDriver } from './mssql';
import { mysqlDriver } from './mysql';
import { withTimeout } from './pool';
import { postgresDriver } from './postgres';
import {
  CONNECT_TIMEOUT_MS,
  ConnectionFailedError,
  type ConnectionDetails,
  type ConnectTarget,
  type DbEngine,
  type EngineDriver,
} from './types';

export { AddressNotAllowedError, HostNotResolvedError } from './address-guard';
export { ConnectionFailedError, DEFAULT_PORTS, type ConnectionDetails, type DbEngine } from './types';
export type { DbFailureKind } from './failure-kind';

const DRIVERS: Record<DbEngine, EngineDriver> = { mssql: mssqlDriver, mysql: mysqlDriver, postgres: postgresDriver };

export interface DbConnectOptions {
  /** DS_ALLOWED_HOSTS. */
  allowList: readonly string[];
  lookup?: Lookup;
  timeoutMs?: number;
}

/** A driver message without the password, shortened to one line. */
export function readableReason(err: unknown, secrets: string[]): string {
  const e = err as { message?: string; code?: string; errors?: unknown[] };
  let message = e?.message?.trim() || '';
  // Node's AggregateError (IPv4+IPv6 attempts) has an empty message; use the first inner error.
  if (!message && Array.isArray(e?.errors) && e.errors.length) message = (e.errors[0] as Error)?.message ?? '';
  if (!message) message = e?.code ?? 'unknown error';
  for (const secret of secrets) {
    if (secret && secret.length >= 3) message = message.split(secret).join('***');
  }
  message = message.replace(/\s+/g, ' ');
  return message.length > 300 ? `${message.slice(0, 297)}...` : message;
}

async function run<T>(
  details: ConnectionDetails,
  opts: DbConnectOptions,
  action: (d: EngineDriver, t: ConnectTarget) => Promise<T>,
) {
  const target = await resolveTarget(details, opts.allowList, opts.lookup);
  try {
    // The drivers have their own 5 s limits; this one also covers DNS-less hangs (e.g. TLS handshakes).
    return await withTimeout(action(DRIVERS[details.engine], target), (opts.timeoutMs ?? CONNECT_TIMEOUT_MS) + 1000);
  } catch (err) {
    throw new ConnectionFailedError(readableReason(err, [details.password]), failureKind(err));
  }
}

/** Resolves and checks the host (SSRF guard), connects to the checked address and runs `SELECT 1`. */
export function testConnection(details: ConnectionDetails, opts: DbConnectOptions): Promise<void> {
  return run(details, opts, (driver, target) => driver.test(target));
}

/** Databases/schemas visible on the connection. */
export function listSchemas(details: ConnectionDetails, opts: DbConnectOptions): Promise<string[]> {
  return run(details, opts, (driver, target) => driver.listSchemas(target));
}

export { failureKind } from './failure-kind';
export { createDataSourcePools, isSqlError, QueryTimeoutError, type DataSourcePools, type Row } from './pool';
