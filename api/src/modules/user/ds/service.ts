import { canTestConnection, dataSourceInputSchema, fieldErrors, type DataSourceRequest } from '@portal/shared/domain';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { HttpError } from '../../../lib/http-error';
import { readableMessage } from '../../../lib/readable-message';
import type { CryptoService } from '../../../plugins/crypto';
import {
  AddressNotAllowedError,
  ConnectionFailedError,
  DEFAULT_PORTS,
  HostNotResolvedError,
  listSchemas,
  testConnection,
  type ConnectionDetails,
} from '../../../services/db-connect';
import { upsertDataSource, type DataSourceRow } from './repository';

/** What the data-source services use: the database, the password cipher, the hosts the address guard lets through. */
export interface DataSourceDeps {
  db: Db;
  crypto: CryptoService;
  allowedHosts: AppConfig['dsAllowedHosts'];
}

export const dataSourceNotFound = () => new HttpError(404, 'data-source-not-found', 'Data source not found');

export const emailNotVerified = () =>
  new HttpError(
    403,
    'email-not-verified',
    'Email address is not verified. Please verify your email before testing the connection.',
  );

export function toDataSourceDto(row: DataSourceRow) {
  return {
    host: row.host,
    port: row.port,
    database: row.database,
    user: row.dbUser,
    engine: row.engine,
    userEmails: row.userEmails,
    status: row.status,
  };
}

/**
 * Complete, validated connection details from a request body. Only the password may come from the
 * stored data source (the form never receives it back); host, database and user must be sent.
 */
export function resolveDetails(
  deps: Pick<DataSourceDeps, 'crypto'>,
  body: DataSourceRequest | undefined | null,
  stored: DataSourceRow | null,
): ConnectionDetails {
  const b = body ?? {};
  const password = b.password ? b.password : stored ? deps.crypto.decrypt(stored.passwordEncrypted) : undefined;
  const candidate = { host: b.host, port: b.port, database: b.database, user: b.user, password, engine: b.engine };
  const parsed = dataSourceInputSchema.safeParse(candidate);
  if (!parsed.success) {
    const fields = fieldErrors(dataSourceInputSchema, candidate) as Record<string, string>;
    if (!canTestConnection({ ...candidate, port: undefined })) {
      throw new HttpError(400, 'connection-details-missing', 'Database connection details are missing', fields);
    }
    throw new HttpError(400, 'validation-error', readableMessage(parsed.error.issues[0].message), fields);
  }
  const d = parsed.data;
  const engine = d.engine ?? 'mssql';
  return {
    engine,
    host: d.host,
    port: d.port > 0 ? d.port : DEFAULT_PORTS[engine],
    database: d.database,
    user: d.user,
    password: d.password,
  };
}

/** Connection failures as 422 with the slug of their kind (the UI explains each with a hint what to check). */
function mapConnectError(err: unknown): never {
  if (err instanceof AddressNotAllowedError) throw new HttpError(400, 'address-not-allowed', err.message);
  if (err instanceof HostNotResolvedError) {
    throw new HttpError(422, 'db-host-not-found', `Connection test failed: ${err.message}`);
  }
  if (err instanceof ConnectionFailedError) {
    throw new HttpError(422, err.kind, `Connection test failed: ${err.message}`);
  }
  throw err;
}

export async function runConnectionTest(
  deps: Pick<DataSourceDeps, 'allowedHosts'>,
  details: ConnectionDetails,
): Promise<void> {
  try {
    await testConnection(details, { allowList: deps.allowedHosts });
  } catch (err) {
    mapConnectError(err);
  }
}

export async function runListSchemas(
  deps: Pick<DataSourceDeps, 'allowedHosts'>,
  details: ConnectionDetails,
): Promise<string[]> {
  try {
    return await listSchemas(details, { allowList: deps.allowedHosts });
  } catch (err) {
    return mapConnectError(err);
  }
}

/**
 * Tests the connection, then inserts or replaces the caller's data source (the password stored encrypted). The
 * notified addresses: the body's, else the stored ones, else the caller's own.
 */
export async function testAndSaveDataSource(
  deps: DataSourceDeps,
  user: Pick<UserRow, 'id' | 'email'>,
  body: DataSourceRequest,
  stored: DataSourceRow | null,
): Promise<DataSourceRow> {
  const details = resolveDetails(deps, body, stored);
  await runConnectionTest(deps, details);
  const now = new Date();
  return upsertDataSource(deps.db, user.id, {
    engine: details.engine,
    host: details.host,
    port: details.port,
    database: details.database,
    dbUser: details.user,
    passwordEncrypted: deps.crypto.encrypt(details.password),
    userEmails: body.userEmails ?? stored?.userEmails ?? [user.email],
    status: 'active',
    lastTestedAt: now,
    updatedAt: now,
  });
}
