import crypto from 'node:crypto';
import { normalizeEmail, subUserLimit, type SubUser, type SubUserInput } from '@portal/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { emailInUse, HttpError } from '../../../lib/http-error';
import type { MailService } from '../../../plugins/mail';
import { deleteFirebaseAccount } from '..';
import { subUserInvitation } from './invitation-mail';
import {
  deleteSubUserRow,
  findSubUser,
  insertSubUserWithinLimit,
  mobileLicenseOptions,
  renameSubUser,
} from './repository';

/** What the sub-user services use: the database, the identity service, the invitation mail and the log. */
export interface SubUserDeps {
  db: Db;
  firebaseAuth: Pick<Auth, 'createUser' | 'generatePasswordResetLink' | 'deleteUser'>;
  mail: Pick<MailService, 'send'>;
  log: FastifyBaseLogger;
}

export const toSubUser = (row: UserRow): SubUser => ({
  id: row.id,
  name: row.name ?? '',
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

/**
 * How many sub-users a main user may have: the limit of their valid (active, not expired) mobile license — the
 * plan's users plus the extra users bought with it (subUserLimit) — and 0 without one.
 */
export async function maxSubUsers(db: Db, ownerId: string, now = new Date()): Promise<number> {
  let max = 0;
  for (const row of await mobileLicenseOptions(db, ownerId, now)) {
    max = Math.max(max, subUserLimit(row.licenseOptions ?? {}, row.productOptions ?? {}));
  }
  return max;
}

const notFound = () => new HttpError(404, 'subuser-not-found', 'Sub-user not found');

async function ownSubUser(db: Db, parentId: string, id: string): Promise<UserRow> {
  const row = await findSubUser(db, parentId, id);
  if (!row) throw notFound();
  return row;
}

/** A Firebase-style uid (28 characters), chosen here so the row can be written before the account exists. */
const newUid = () => crypto.randomBytes(21).toString('base64url');

/**
 * A sub-user of `parent`: the row is written first, within the license's max_users under a lock on the parent
 * (parallel requests cannot overshoot); then the Firebase account with that uid and a random password (the row
 * goes again when that fails); then a password-reset mail as invitation (a failed mail keeps the user).
 */
export async function createSubUser(deps: SubUserDeps, parent: UserRow, input: SubUserInput): Promise<SubUser> {
  const { db, firebaseAuth, log } = deps;
  const { name } = input;
  const email = normalizeEmail(input.email);
  const reserved = await insertSubUserWithinLimit(
    db,
    { id: newUid(), parentId: parent.id, email, name, language: parent.language },
    (tx) => maxSubUsers(tx, parent.id),
  );
  if (!reserved.ok) {
    if (reserved.reason === 'email-in-use') throw emailInUse('email');
    throw new HttpError(403, 'max-users-reached', 'Maximum number of users reached');
  }
  const { row } = reserved;

  try {
    await firebaseAuth.createUser({
      uid: row.id,
      email,
      password: crypto.randomBytes(24).toString('base64url'),
      displayName: name,
      emailVerified: false,
    });
  } catch (err) {
    await deleteSubUserRow(db, parent.id, row.id);
    if ((err as { code?: string }).code === 'auth/email-already-exists') throw emailInUse('email');
    log.error({ err }, 'could not create the Firebase account of a sub-user');
    throw new HttpError(502, 'identity-service-error', 'Failed to create subuser');
  }

  try {
    const link = await firebaseAuth.generatePasswordResetLink(email);
    await deps.mail.send({
      to: email,
      ...subUserInvitation(parent.language, { name, parentEmail: parent.email, link }),
    });
  } catch (err) {
    // The account exists; the parent can trigger "forgot password" for it. Keep the sub-user.
    log.error({ err }, 'could not send the invitation of a sub-user');
  }
  return toSubUser(row);
}

export async function renameOwnSubUser(db: Db, parentId: string, id: string, name: string) {
  await ownSubUser(db, parentId, id);
  return toSubUser(await renameSubUser(db, parentId, id, name));
}

/** Firebase account first, then the row. */
export async function deleteOwnSubUser(deps: SubUserDeps, parentId: string, id: string): Promise<void> {
  const sub = await ownSubUser(deps.db, parentId, id);
  await deleteFirebaseAccount(deps, sub.id);
  await deleteSubUserRow(deps.db, parentId, sub.id);
}
