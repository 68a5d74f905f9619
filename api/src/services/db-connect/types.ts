import type { DbFailureKind } from './failure-kind';

export type DbEngine = 'mssql' | 'mysql' | 'postgres';

export const DEFAULT_PORTS: Record<DbEngine, number> = { mssql: 1433, mysql: 3306, postgres: 5432 };

/** Connect and query timeout of every test connection. */
export const CONNECT_TIMEOUT_MS = 5000;

export interface ConnectionDetails {
  engine: DbEngine;
  /** Hostname or IP; for SQL Server optionally `host\INSTANCE`. */
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/** Where a driver connects: the checked address, never the name again. */
export interface ConnectTarget {
  address: string;
  /** The host name the user typed (TLS server name), without an instance suffix. */
  hostname: string;
  instanceName?: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

export interface EngineDriver {
  /** Opens a connection, runs a trivial query, closes. Rejects with the server's reason. */
  test(target: ConnectTarget): Promise<void>;
  /** Names of the user databases/schemas visible on the connection. */
  listSchemas(target: ConnectTarget): Promise<string[]>;
}

export class ConnectionFailedError extends Error {
  constructor(
    reason: string,
    public readonly kind: DbFailureKind = 'connection-test-failed',
  ) {
    super(reason);
    this.name = 'ConnectionFailedError';
  }
}
