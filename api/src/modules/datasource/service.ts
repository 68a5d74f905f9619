import { canTestConnection, dataSourceInputSchema } from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dataSources } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { readableMessage } from '../../lib/readable-message';
import {
  AddressNotAllowedError,
  ConnectionFailedError,
  DEFAULT_PORTS,
  HostNotResolvedError,
  listSchemas,
  testConnection,
  type ConnectionDetails,
} from '../../services/db-connect';
import type { ConnectionBody } from './schemas';

export type DataSourceRow = typeof dataSources.$inferSelect;

export const dataSourceNotFound = () => new HttpError(404, 'data-source-not-found', 'Data source not found');

export const emailNotVerified = () =>
  new HttpError(
    403,
    'email-not-verified',
    'Email address is not verified. Please verify your email before testing the connection.',
  );

const detailsMissing = () =>
  new HttpError(400, 'connection-details-missing', 'Database connection details are missing');

// Host name, IPv4, IPv6 (optionally in brackets), and for SQL Server an optional `\INSTANCE`.
const HOST_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._:-]+)(\\[A-Za-z0-9_$#-]{1,64})?$/;

export async function findDataSource(app: FastifyInstance, userId: string): Promise<DataSourceRow | null> {
  const [row] = await app.db.select().from(dataSources).where(eq(dataSources.userId, userId)).limit(1);
  return row ?? null;
}

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
  app: FastifyInstance,
  body: ConnectionBody | undefined | null,
  stored: DataSourceRow | null,
): ConnectionDetails {
  const b = body ?? {};
  const password = b.password ? b.password : stored ? app.crypto.decrypt(stored.passwordEncrypted) : undefined;
  const candidate = { host: b.host, port: b.port, database: b.database, user: b.user, password, engine: b.engine };
  if (!canTestConnection({ ...candidate, port: undefined })) throw detailsMissing();
  const parsed = dataSourceInputSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? '');
    const message =
      field === 'port' ? 'Port must be a whole number between 0 and 65535' : readableMessage(issue.message);
    throw new HttpError(400, 'validation-error', message);
  }
  const d = parsed.data;
  if (!HOST_PATTERN.test(d.host))
    throw new HttpError(400, 'validation-error', 'Host must be a host name or an IP address');
  const engine = d.engine ?? 'mssql';
  if (engine !== 'mssql' && d.host.includes('\\')) {
    throw new HttpError(400, 'validation-error', 'An instance name (host\\INSTANCE) is only possible for SQL Server');
  }
  return {
    engine,
    host: d.host,
    port: d.port > 0 ? d.port : DEFAULT_PORTS[engine],
    database: d.database,
    user: d.user,
    password: d.password,
  };
}

function mapConnectError(err: unknown): never {
  if (err instanceof AddressNotAllowedError) throw new HttpError(400, 'address-not-allowed', err.message);
  if (err instanceof HostNotResolvedError || err instanceof ConnectionFailedError) {
    throw new HttpError(422, 'connection-test-failed', `Connection test failed: ${err.message}`);
  }
  throw err;
}

export async function runConnectionTest(app: FastifyInstance, details: ConnectionDetails): Promise<void> {
  try {
    await testConnection(details, { allowList: app.config.dsAllowedHosts });
  } catch (err) {
    mapConnectError(err);
  }
}

export async function runListSchemas(app: FastifyInstance, details: ConnectionDetails): Promise<string[]> {
  try {
    return await listSchemas(details, { allowList: app.config.dsAllowedHosts });
  } catch (err) {
    return mapConnectError(err);
  }
}

/** Insert or replace the caller's data source after a passed test; the password is stored encrypted. */
export async function saveDataSource(
  app: FastifyInstance,
  userId: string,
  details: ConnectionDetails,
  userEmails: string[],
): Promise<DataSourceRow> {
  const now = new Date();
  const values = {
    engine: details.engine,
    host: details.host,
    port: details.port,
    database: details.database,
    dbUser: details.user,
    passwordEncrypted: app.crypto.encrypt(details.password),
    userEmails,
    status: 'active' as const,
    lastTestedAt: now,
    updatedAt: now,
  };
  const [row] = await app.db
    .insert(dataSources)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: dataSources.userId, set: values })
    .returning();
  return row;
}
