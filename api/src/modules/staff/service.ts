import {
  offsetFor,
  normalizeEmail,
  type AuditAction,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
  type RegistryEntryInput,
  type RegistryEntryUpdate,
  type StaffRegistryEntry,
} from '@portal/shared/domain';
import type { FastifyRequest } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import type { Db } from '../../db/client';
import type { RegistryAuditRow, RegistryEntryRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { currentIdentity, type Identity } from '../../plugins/identity';
import {
  deleteEntryRow,
  findEntry,
  insertEntry,
  listEntryRoutes,
  listRegistryRows,
  lockRegistry,
  updateEntryRow,
  type RegistryEntryValues,
} from '../portal';
import { insertAudit, listAudit } from './repository';

/** Who made a change: the signed-in staff member (null for the system, e.g. a seed). */
export interface AuditActor {
  id: string | null;
  email: string | null;
}

export interface AuditInput {
  actor: AuditActor;
  action: AuditAction;
  /** A registry entry id, or e.g. 'avv:<version>' for an AVV publish. */
  entryId: string;
  before: unknown;
  after: unknown;
}

/** The staff member of a request after requireStaff: the address the staff check matched on the account record. */
export function actorOf(request: FastifyRequest): AuditActor {
  const identity = currentIdentity(request);
  return { id: identity.uid, email: request.staffEmail ?? (identity.email || null) };
}

/**
 * Writes one audit row. Pass the transaction of the change itself (`recordAudit(tx, …)`) so change and record
 * commit together; `recordAudit(db, …)` writes on its own.
 */
export async function recordAudit(db: Db, event: AuditInput): Promise<AuditEvent> {
  const row = await insertAudit(db, {
    actorId: event.actor.id,
    actorEmail: event.actor.email,
    action: event.action,
    entryId: event.entryId,
    before: event.before ?? null,
    after: event.after ?? null,
  });
  return toAuditEvent(row);
}

export function toAuditEvent(row: RegistryAuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action,
    entryId: row.entryId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export function toStaffEntry(row: RegistryEntryRow): StaffRegistryEntry {
  return {
    id: row.id,
    remote: row.remote,
    manifestUrl: row.manifestUrl,
    routes: row.routes,
    enabled: row.enabled,
    audience: row.audience,
    comingSoon: row.comingSoon,
    buyWithoutFilling: row.buyWithoutFilling,
    order: row.sortOrder,
    card: row.card,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    liveRelease: row.liveRelease,
    previewRelease: row.previewRelease,
  };
}

/** The audit log's picture of an entry: what staff edit (no bookkeeping fields; release steps log their own). */
function snapshot(row: RegistryEntryRow): RegistryEntryInput {
  const { updatedAt: _at, updatedBy: _by, liveRelease: _live, previewRelease: _preview, ...entry } = toStaffEntry(row);
  return entry;
}

export const entryNotFound = (id: string) =>
  new HttpError(404, 'registry-entry-not-found', `Registry entry ${id} not found`);

function valuesOf(input: RegistryEntryUpdate, actor: AuditActor): RegistryEntryValues {
  const audience =
    input.audience.kind === 'sellers'
      ? { kind: 'sellers' as const, emails: [...new Set(input.audience.emails.map(normalizeEmail))] }
      : input.audience;
  return {
    remote: input.remote,
    manifestUrl: input.manifestUrl,
    routes: input.routes,
    enabled: input.enabled,
    audience,
    comingSoon: input.comingSoon,
    buyWithoutFilling: input.buyWithoutFilling,
    sortOrder: input.order,
    card: input.card,
    updatedBy: actor.email,
  };
}

/** 400 registry-route-taken when another entry already serves one of the routes (field routes.N). */
async function assertRoutesFree(tx: Db, id: string, routes: string[]): Promise<void> {
  const owners = new Map<string, string>();
  for (const entry of await listEntryRoutes(tx)) {
    if (entry.id !== id) for (const route of entry.routes) owners.set(route, entry.id);
  }
  const fields: Record<string, string> = {};
  const taken: string[] = [];
  routes.forEach((route, index) => {
    const owner = owners.get(route);
    if (owner) {
      fields[`routes.${index}`] = 'api_error_registry_route_taken';
      taken.push(`${route} (${owner})`);
    }
  });
  if (taken.length) {
    throw new HttpError(400, 'registry-route-taken', `Another entry already serves ${taken.join(', ')}`, fields);
  }
}

export async function listStaffEntries(db: Db): Promise<StaffRegistryEntry[]> {
  return (await listRegistryRows(db)).map(toStaffEntry);
}

export async function createEntry(db: Db, actor: AuditActor, input: RegistryEntryInput): Promise<StaffRegistryEntry> {
  return db.transaction(async (tx) => {
    await lockRegistry(tx);
    if (await findEntry(tx, input.id)) {
      throw new HttpError(409, 'registry-entry-exists', `A registry entry with id ${input.id} already exists`, {
        id: 'api_error_registry_entry_exists',
      });
    }
    await assertRoutesFree(tx, input.id, input.routes);
    const row = await insertEntry(tx, input.id, valuesOf(input, actor));
    if (!row) throw new HttpError(409, 'registry-entry-exists', `A registry entry with id ${input.id} already exists`);
    await recordAudit(tx, { actor, action: 'create', entryId: row.id, before: null, after: snapshot(row) });
    return toStaffEntry(row);
  });
}

export async function updateEntry(
  db: Db,
  actor: AuditActor,
  id: string,
  input: RegistryEntryUpdate,
): Promise<StaffRegistryEntry> {
  return db.transaction(async (tx) => {
    await lockRegistry(tx);
    const before = await findEntry(tx, id);
    if (!before) throw entryNotFound(id);
    await assertRoutesFree(tx, id, input.routes);
    const values = valuesOf(input, actor);
    // A manifest URL set by hand is no release: the entry has no live release until one is promoted again (and a
    // page of the shell has no preview either).
    if (input.manifestUrl !== before.manifestUrl) values.liveRelease = null;
    if (!input.remote) values.previewRelease = null;
    const row = await updateEntryRow(tx, id, values);
    await recordAudit(tx, { actor, action: 'update', entryId: id, before: snapshot(before), after: snapshot(row) });
    return toStaffEntry(row);
  });
}

export async function deleteEntry(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRegistry(tx);
    const before = await findEntry(tx, id);
    if (!before) throw entryNotFound(id);
    await deleteEntryRow(tx, id);
    await recordAudit(tx, { actor, action: 'delete', entryId: id, before: snapshot(before), after: null });
  });
}

export async function auditPage(db: Db, query: AuditQuery): Promise<AuditPage> {
  const { rows, total } = await listAudit(db, {
    entryId: query.entryId || undefined,
    offset: offsetFor(query.page, query.pageSize),
    limit: query.pageSize,
  });
  return { events: rows.map(toAuditEvent), total };
}

/** Staff = INTERNAL_EMAILS with a verified email on the account record (as requireStaff decides). */
export async function isStaff(
  deps: {
    firebaseAuth: Pick<Auth, 'getUser'>;
    isInternal: (identity: Pick<Identity, 'email' | 'emailVerified'>) => boolean;
  },
  uid: string,
): Promise<boolean> {
  const record = await deps.firebaseAuth.getUser(uid).catch(() => null);
  return !!record && deps.isInternal({ email: record.email ?? '', emailVerified: record.emailVerified });
}
