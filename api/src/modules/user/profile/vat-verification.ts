// The profile's VAT ID as VIES confirmed it: asked when the VAT ID is saved, on the seller's Retry, and again before
// a purchase or renewal is taxed (reverse charge needs a confirmation of the number at that time).
import { normalizeVatId, viesParts, type ProfileContact, type VatVerification } from '@portal/shared/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles, type UserRow } from '../../../db/schema';
import type { ViesClient } from '../../../services/vies';
import { loadContact } from './repository';
import { vatCheckColumns, vatVerificationOf } from './vat-verification-row';

/**
 * How long a "valid" answer is taken as the confirmation before a purchase without asking VIES again: a quote and the
 * purchase a minute later need not ask twice, while a renewal a month later always asks anew.
 */
export const VAT_CHECK_REUSE_MS = 60 * 60 * 1000;

export interface VatCheckDeps {
  db: Db;
  vies: ViesClient;
}

/**
 * Asks VIES about the profile's current VAT ID and stores the answer — an unreachable VIES included, as
 * "unverified" (the seller sees "not verified yet" and may retry). Returns null when there is nothing VIES can check.
 * The answer is stored only while the profile still has that VAT ID (a save in between wins).
 */
export async function verifyVatId(deps: VatCheckDeps, userId: string, vatId: string): Promise<VatVerification | null> {
  const id = normalizeVatId(vatId);
  if (!id || !viesParts(id)) return null;
  const answer = await deps.vies.check(id);
  const at = new Date();
  const [row] = await deps.db
    .update(profiles)
    .set(vatCheckColumns(id, answer, at))
    .where(and(eq(profiles.userId, userId), eq(profiles.vatId, id)))
    .returning();
  return vatVerificationOf(row ?? null);
}

/** Whether a stored answer may stand for VIES's answer now (valid, about this number, younger than the reuse time). */
export function isFreshConfirmation(verification: VatVerification | null, now = Date.now()): boolean {
  return (
    verification?.status === 'valid' &&
    verification.checkedAt !== null &&
    now - Date.parse(verification.checkedAt) < VAT_CHECK_REUSE_MS
  );
}

/**
 * The buyer's contact with its VAT ID confirmed now: "is this buyer's VAT ID verified?" for a quote, a purchase or a
 * renewal. A valid answer younger than VAT_CHECK_REUSE_MS is reused; otherwise VIES is asked (and the answer
 * stored). When VIES cannot answer, vatVerification.status is "unverified": tax as without a VAT ID — never a block,
 * never a guess. Call it outside a transaction: it waits for VIES.
 */
export async function loadContactWithVatCheck(deps: VatCheckDeps, user: UserRow): Promise<ProfileContact> {
  const contact = await loadContact(deps.db, user);
  if (!contact.vatVerification || isFreshConfirmation(contact.vatVerification)) return contact;
  const vatVerification = await verifyVatId(deps, user.id, contact.vatID);
  // null: the VAT ID changed while VIES was asked; the contact read before is then no longer the buyer's.
  return vatVerification ? { ...contact, vatVerification } : loadContact(deps.db, user);
}
