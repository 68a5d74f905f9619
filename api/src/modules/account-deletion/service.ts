// Deleting an account (GDPR erasure, DELETE /api/user). It either happens completely or leaves the account usable:
//   1. cancel the account's subscriptions at the payment provider (each success is recorded at once: it cannot be
//      undone) — a failure answers 502 payment-provider-error and nothing else changed;
//   2. disable the logins of the account and its sub-users (reversible) — a failure re-enables them, 502;
//   3. one database transaction: erase drafts, GPSR records nobody must keep, contact requests, sub-users and the
//      user (FK cascades erase the rest; issued invoices and released GPSR versions stay, detached), copy the
//      retained GPSR files out of the account's storage folder, and delete the logins (sub-users first) as its last
//      step, so a failure there rolls the database back; any failure re-enables the logins, removes the copies and
//      answers a clear error;
//   4. after the commit: remove the account's storage folder (best effort: the rows are gone already).
// The same email can then register again: no users row and no Firebase account keep it.
import type { Auth } from 'firebase-admin/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { isDatabaseUnavailable } from '../../lib/log-safe-error';
import type { FileStorage } from '../../services/file-storage';
import { copyRetainedFiles, eraseGpsrRecords, type GpsrErasure } from '../gpsr';
import type { PaymentProvider } from '../payment';
import { eraseUnpaidDrafts } from '../purchase';
import { cancelSubscriptionsAtProvider, SubscriptionCancelError } from '../subscription';
import { deleteAccountRows, deleteSubUserRows, listSubUserIds, lockAccount } from '../user';

/** What a deletion uses: the database, the payment provider, the identity service, the file storage and the log. */
export interface AccountDeletionDeps {
  db: Db;
  provider: PaymentProvider;
  firebaseAuth: Pick<Auth, 'getUsers' | 'updateUser' | 'deleteUser'>;
  fileStorage: FileStorage;
  log: FastifyBaseLogger;
}

/** Sent to the provider with each cancellation (PayPal shows it in the subscription's history). */
export const ACCOUNT_DELETED_REASON = 'The customer deleted their portal account';

const KEPT = 'The account was not deleted; please try again later.';

const isFirebaseNotFound = (err: unknown) => (err as { code?: string })?.code === 'auth/user-not-found';

const identityError = () =>
  new HttpError(502, 'identity-service-error', `The sign-in accounts could not be deleted. ${KEPT}`);

/** The logins of an account during its deletion: disabled first, deleted last, re-enabled when the deletion fails. */
class AccountLogins {
  /** Logins this deletion disabled (enabled before), in order. */
  private readonly disabled: string[] = [];
  /** Logins this deletion deleted. */
  private readonly deleted = new Set<string>();

  constructor(
    private readonly auth: AccountDeletionDeps['firebaseAuth'],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Disables every existing, enabled login of `uids`; on a failure re-enables those done and throws 502. */
  async disable(uids: string[]): Promise<void> {
    try {
      const enabled = new Set<string>();
      // getUsers takes at most 100 identifiers per call.
      for (let i = 0; i < uids.length; i += 100) {
        const { users } = await this.auth.getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
        for (const u of users) if (!u.disabled) enabled.add(u.uid);
      }
      for (const uid of uids.filter((id) => enabled.has(id))) {
        await this.auth.updateUser(uid, { disabled: true });
        this.disabled.push(uid);
      }
    } catch (err) {
      this.log.error({ err }, 'could not disable the logins of an account being deleted');
      await this.restore();
      throw identityError();
    }
  }

  /** Deletes the logins in the given order (an already missing one counts as deleted); throws 502 at the first failure. */
  async delete(uids: string[]): Promise<void> {
    for (const uid of uids) {
      try {
        await this.auth.deleteUser(uid);
      } catch (err) {
        if (!isFirebaseNotFound(err)) {
          this.log.error({ err, uid }, 'could not delete the login of an account being deleted');
          throw identityError();
        }
      }
      this.deleted.add(uid);
    }
  }

  /** Logins this deletion removed before it failed: they cannot be brought back. */
  get lost(): string[] {
    return [...this.deleted];
  }

  /** Re-enables the logins this deletion disabled and did not delete (failures are logged: nothing more to do). */
  async restore(): Promise<void> {
    for (const uid of this.disabled.filter((id) => !this.deleted.has(id))) {
      await this.auth.updateUser(uid, { disabled: false }).catch((err: unknown) => {
        if (!isFirebaseNotFound(err))
          this.log.error({ err, uid }, 'could not re-enable a login after a failed deletion');
      });
    }
  }
}

/** A failure of the deletion as the answer: HttpErrors and an unreachable database as they are, the rest as 500. */
function answerOf(err: unknown, log: FastifyBaseLogger): unknown {
  if (err instanceof SubscriptionCancelError) {
    return new HttpError(
      502,
      'payment-provider-error',
      `A subscription could not be cancelled at the payment provider. ${KEPT}`,
    );
  }
  if (err instanceof HttpError || isDatabaseUnavailable(err)) return err;
  log.error({ err }, 'deleting an account failed');
  return new HttpError(500, 'internal-error', `Deleting the account failed. ${KEPT}`);
}

export async function deleteAccount(deps: AccountDeletionDeps, user: UserRow) {
  const { db, provider, log } = deps;
  const subUserIds = await listSubUserIds(db, user.id);

  try {
    await cancelSubscriptionsAtProvider({ db, provider, log }, [user.id, ...subUserIds], ACCOUNT_DELETED_REASON);
  } catch (err) {
    throw answerOf(err, log);
  }

  const logins = new AccountLogins(deps.firebaseAuth, log);
  // Sub-users first and the user last: should a deletion fail halfway, the user can still sign in.
  await logins.disable([...subUserIds, user.id]);

  const copied: string[] = [];
  let gpsr: GpsrErasure;
  try {
    gpsr = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const accountIds = await lockAccount(tx, user.id);
      if (!accountIds) throw new HttpError(404, 'user-not-found', 'User not found');
      // A subscription bought while the steps above ran (its purchase completed before the lock) is cancelled too.
      const late = { db: tx, provider, log };
      await cancelSubscriptionsAtProvider(late, accountIds, ACCOUNT_DELETED_REASON, { onlyUnmarked: true });
      await eraseUnpaidDrafts(tx, accountIds);
      const erasure = await eraseGpsrRecords(tx, accountIds, new Date());
      await deleteAccountRows(tx, user.id, accountIds);
      await copyRetainedFiles(deps, log, erasure.copies, copied);
      // Sub-users created since the logins were disabled are in accountIds too.
      await logins.delete([...accountIds.filter((id) => id !== user.id), user.id]);
      return erasure;
    });
  } catch (err) {
    for (const key of copied) {
      await deps.fileStorage.delete(key).catch((e: unknown) => log.error({ err: e, key }, 'could not remove a copy'));
    }
    await logins.restore();
    await forgetLostLogins(db, log, user.id, logins.lost);
    throw answerOf(err, log);
  }

  for (const key of gpsr.removeAfterCommit) {
    await deps.fileStorage
      .delete(key)
      .catch((err: unknown) => log.error({ err, key }, 'could not remove a file of a deleted account from storage'));
  }
}

/**
 * After a failed deletion: sub-users whose login was already deleted cannot sign in any more, so their rows go too
 * (as when the parent removes a sub-user). The user's own login is deleted last, after every other step, so only a
 * failing COMMIT can lose it; that is logged for staff.
 */
async function forgetLostLogins(db: Db, log: FastifyBaseLogger, userId: string, lost: string[]) {
  if (lost.includes(userId)) {
    log.error(
      { uid: userId },
      'the login of an account was deleted but its deletion rolled back: staff must finish it',
    );
  }
  const subUsers = lost.filter((uid) => uid !== userId);
  await deleteSubUserRows(db, userId, subUsers).catch((err: unknown) =>
    log.error({ err, uids: subUsers }, 'could not remove the sub-users whose login was deleted'),
  );
}
