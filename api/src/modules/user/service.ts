import { EMAIL_MAX, EMAIL_REGEX, EMAIL_SINGLE_KEY, normalizeEmail } from '@portal/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError, invalidField } from '../../lib/http-error';
import { insertProfile, insertUser } from './repository';

const notFound = () => new HttpError(404, 'user-not-found', 'User not found');

/** An optional `?email=` must name the caller; any other address is answered as if it did not exist. */
export function assertOwnEmail(given: string | undefined, own: string): void {
  if (given !== undefined && normalizeEmail(given) !== normalizeEmail(own)) throw notFound();
}

/**
 * The signed-in account's email, as the identity provider stores it, must be one plain address with nothing
 * around it: an account "staff@portal.test " (trailing space, tab, no-break space) or with a control character
 * must not become a user with the address it looks like. The request body's copy is trimmed by its schema, so the
 * token's own value is checked.
 */
export function assertStorableIdentityEmail(email: string, field: string): void {
  if (email.length > 0 && email.length <= EMAIL_MAX && EMAIL_REGEX.test(email)) return;
  throw invalidField(
    field,
    EMAIL_SINGLE_KEY,
    'The email of the signed-in account must be one address, without spaces or control characters around or in it',
  );
}

function isFirebaseNotFound(err: unknown): boolean {
  return (err as { code?: string })?.code === 'auth/user-not-found';
}

/** Deletes a Firebase account; an already missing account counts as deleted. */
export async function deleteFirebaseAccount(
  deps: { firebaseAuth: Pick<Auth, 'deleteUser'>; log: FastifyBaseLogger },
  uid: string,
): Promise<void> {
  try {
    await deps.firebaseAuth.deleteUser(uid);
  } catch (err) {
    if (isFirebaseNotFound(err)) return;
    deps.log.error({ err, uid }, 'could not delete Firebase account');
    throw new HttpError(502, 'identity-service-error', 'The identity service could not delete the account');
  }
}

/** Creates the api row (and an empty profile) for a Firebase account. */
export async function createUserRow(
  db: Db,
  input: { id: string; email: string; parentUserId?: string | null; name?: string | null; language?: 'de' | 'en' },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
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
