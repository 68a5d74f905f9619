import { normalizeEmail } from '@portal/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { deleteAccountRows, insertProfile, insertUser, listSubUserIds } from './repository';

const notFound = () => new HttpError(404, 'user-not-found', 'User not found');

/** An optional `?email=` must name the caller; any other address is answered as if it did not exist. */
export function assertOwnEmail(given: string | undefined, own: string): void {
  if (given !== undefined && normalizeEmail(given) !== normalizeEmail(own)) throw notFound();
}

function isFirebaseNotFound(err: unknown): boolean {
  return (err as { code?: string })?.code === 'auth/user-not-found';
}

/** Deletes a Firebase account; an already missing account counts as deleted. */
export async function deleteFirebaseAccount(app: FastifyInstance, uid: string): Promise<void> {
  try {
    await app.firebaseAuth.deleteUser(uid);
  } catch (err) {
    if (isFirebaseNotFound(err)) return;
    app.log.error({ err, uid }, 'could not delete Firebase account');
    throw new HttpError(502, 'identity-service-error', 'The identity service could not delete the account');
  }
}

/**
 * Deletes an account: the Firebase accounts of the user and of their sub-users first, then the rows.
 * Rows owned by the user go with it (FK cascade) and so do their contact requests; invoices stay with user_id set NULL.
 */
export async function deleteAccount(app: FastifyInstance, user: UserRow): Promise<void> {
  const subUserIds = await listSubUserIds(app.db, user.id);
  for (const id of subUserIds) await deleteFirebaseAccount(app, id);
  await deleteFirebaseAccount(app, user.id);
  await app.db.transaction((tx) => deleteAccountRows(tx, user.id, subUserIds));
}

/** Creates the api row (and an empty profile) for a Firebase account. */
export async function createUserRow(
  app: FastifyInstance,
  input: { id: string; email: string; parentUserId?: string | null; name?: string | null; language?: 'de' | 'en' },
): Promise<UserRow> {
  return app.db.transaction(async (tx) => {
    const row = await insertUser(tx, {
      id: input.id,
      email: normalizeEmail(input.email),
      parentUserId: input.parentUserId ?? null,
      name: input.name ?? null,
      language: input.language ?? 'de',
    });
    await insertProfile(tx, row.id);
    return row;
  });
}
