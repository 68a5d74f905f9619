import { normalizeEmail } from '@portal/shared/domain';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contactRequests, profiles, users, type UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

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
  const subUsers = await app.db.select({ id: users.id }).from(users).where(eq(users.parentUserId, user.id));
  for (const sub of subUsers) await deleteFirebaseAccount(app, sub.id);
  await deleteFirebaseAccount(app, user.id);
  await app.db.transaction(async (tx) => {
    // Contact requests carry the person's name, phone and message: erased with the account (their FK only detaches).
    await tx.delete(contactRequests).where(inArray(contactRequests.userId, [user.id, ...subUsers.map((s) => s.id)]));
    await tx.delete(users).where(eq(users.parentUserId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

/** Creates the api row (and an empty profile) for a Firebase account. */
export async function createUserRow(
  app: FastifyInstance,
  input: { id: string; email: string; parentUserId?: string | null; name?: string | null; language?: 'de' | 'en' },
): Promise<UserRow> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        id: input.id,
        email: normalizeEmail(input.email),
        parentUserId: input.parentUserId ?? null,
        name: input.name ?? null,
        language: input.language ?? 'de',
      })
      .returning();
    await tx.insert(profiles).values({ userId: row.id });
    return row;
  });
}
