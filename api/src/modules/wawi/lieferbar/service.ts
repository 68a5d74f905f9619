import { LIEFERBAR_CACHE_MS, type LieferbarOrdersResponse } from '@portal/shared/domain';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { HttpError } from '../../../lib/http-error';
import type { CryptoService } from '../../../plugins/crypto';
import { ownerIdFor } from '../../../plugins/identity';
import { ownerHasValidLicense } from '../../license';
import type { PluginAudience } from '../../portal/plugin-audience';
import {
  AddressNotAllowedError,
  DEFAULT_PORTS,
  HostNotResolvedError,
  QueryTimeoutError,
  failureKind,
  readableReason,
  type ConnectionDetails,
  type DataSourcePools,
} from '../../../services/db-connect';
import { PENDING_ORDERS_SQL, toOrderCounts } from './queries';
import { createResultCache } from './result-cache';
import { findOwnerDataSource, type DataSourceRow } from './repository';

type OrdersData = LieferbarOrdersResponse['data'];

/** Sellers whose counts are kept at once (30 s each). */
const CACHE_MAX_SELLERS = 1000;

export function createOrdersCache(now?: () => number) {
  return createResultCache<OrdersData>({ ttlMs: LIEFERBAR_CACHE_MS, maxEntries: CACHE_MAX_SELLERS, now });
}
export type OrdersCache = ReturnType<typeof createOrdersCache>;

/** What reading the pending orders uses: the database, the password cipher, the registry's audience, the pools. */
export interface OrdersDeps {
  db: Db;
  crypto: Pick<CryptoService, 'decrypt'>;
  audience: Pick<PluginAudience, 'buyablePlugins' | 'offers'>;
  pools: DataSourcePools;
  cache: OrdersCache;
}

const PLUGIN = 'lieferbar';

const licenseRequired = () =>
  new HttpError(
    403,
    'license-required',
    'You need a valid license to access this feature. Please purchase a license for lieferbar.',
  );
const noDataSource = () =>
  new HttpError(404, 'data-source-not-found', 'No database connection is saved for this account');

// Server answers for a missing table or column: the database is not shaped like JTL-Wawi.
const TABLE_MISSING_CODES = new Set(['42P01', '3F000', '42703', 'ER_NO_SUCH_TABLE', 'ER_BAD_FIELD_ERROR']);
const TABLE_MISSING_MESSAGE = /invalid object name|invalid column name|does not exist|doesn't exist|unknown column/i;

/** A failed read as the error body the UI explains: 502 (the seller's database, not the portal, failed). */
export function ordersReadError(err: unknown, secrets: string[]): HttpError {
  if (err instanceof AddressNotAllowedError) return new HttpError(502, 'address-not-allowed', err.message);
  if (err instanceof HostNotResolvedError) return new HttpError(502, 'db-host-not-found', err.message);
  const e = err as { code?: unknown; number?: unknown; message?: unknown };
  const reason = readableReason(err, secrets);
  const sqlAnswer = typeof e?.code === 'string' || typeof e?.number === 'number';
  if (
    (typeof e?.code === 'string' && TABLE_MISSING_CODES.has(e.code)) ||
    (sqlAnswer &&
      typeof e?.message === 'string' &&
      TABLE_MISSING_MESSAGE.test(e.message) &&
      !/database/i.test(e.message))
  ) {
    return new HttpError(502, 'wawi-tables-missing', `The database has no JTL-Wawi order tables: ${reason}`);
  }
  if (err instanceof QueryTimeoutError)
    return new HttpError(502, 'db-port-filtered', `The order database did not answer: ${reason}`);
  return new HttpError(502, failureKind(err), `The order database could not be read: ${reason}`);
}

function connectionOf(deps: Pick<OrdersDeps, 'crypto'>, row: DataSourceRow): ConnectionDetails {
  return {
    engine: row.engine,
    host: row.host,
    port: row.port > 0 ? row.port : DEFAULT_PORTS[row.engine],
    database: row.database,
    user: row.dbUser,
    password: deps.crypto.decrypt(row.passwordEncrypted),
  };
}

/**
 * Who reads the counts: an account whose owner holds a valid lieferbar license (what was bought is usable), or one
 * the Lieferbar card is meant for (the registry's audience, e.g. staff trying it out); a sub-user through its parent.
 */
async function mayRead(deps: OrdersDeps, caller: UserRow, ownerId: string): Promise<boolean> {
  if (await ownerHasValidLicense(deps.db, ownerId, PLUGIN)) return true;
  for (const uid of new Set([caller.id, ownerId])) {
    if (deps.audience.offers(await deps.audience.buyablePlugins(uid), PLUGIN)) return true;
  }
  return false;
}

/** Pending orders per shipping type from the seller's own database. A sub-user reads the parent's counts (never the connection). */
export async function readPendingOrders(deps: OrdersDeps, caller: UserRow): Promise<OrdersData> {
  const ownerId = ownerIdFor(caller);
  if (!(await mayRead(deps, caller, ownerId))) throw licenseRequired();

  const row = await findOwnerDataSource(deps.db, ownerId);
  if (!row) throw noDataSource();
  // A changed connection (saved again) is a new pool and a new cache entry.
  const version = `${row.id}:${row.updatedAt.getTime()}`;
  return deps.cache.get(`${ownerId}|${version}`, async () => {
    const details = connectionOf(deps, row);
    try {
      const rows = await deps.pools.query(row.id, version, details, PENDING_ORDERS_SQL[row.engine]);
      const orders = toOrderCounts(rows);
      return {
        totalCount: orders.reduce((sum, o) => sum + o.pendingCount, 0),
        orders,
        readAt: new Date().toISOString(),
      };
    } catch (err) {
      throw ordersReadError(err, [details.password]);
    }
  });
}
