// The profile row's VIES columns as the domain's VatVerification, and back.
import { normalizeVatId, viesParts, type VatVerification } from '@portal/shared/domain';
import type { ProfileRow, profiles } from '../../../db/schema';
import type { ViesAnswer } from '../../../services/vies';

/**
 * The stored answer about the profile's current VAT ID: null without a VAT ID or for one VIES cannot check (outside
 * the EU); "unverified" with nothing else when the stored answer is about another number (the VAT ID changed).
 */
export function vatVerificationOf(profile: ProfileRow | null): VatVerification | null {
  const vatId = normalizeVatId(profile?.vatId ?? '');
  if (!profile || !vatId || !viesParts(vatId)) return null;
  if (profile.vatCheckVatId !== vatId) {
    return { status: 'unverified', vatId, name: null, address: null, requestId: null, checkedAt: null, error: null };
  }
  return {
    status: profile.vatCheckStatus,
    vatId,
    name: profile.vatCheckName,
    address: profile.vatCheckAddress,
    requestId: profile.vatCheckRequestId,
    checkedAt: profile.vatCheckedAt?.toISOString() ?? null,
    error: profile.vatCheckError,
  };
}

/** The columns an answer of VIES about `vatId` sets (saveContact resets them with `vatId` ''). */
export function vatCheckColumns(vatId: string, answer: ViesAnswer | null, at: Date | null) {
  return {
    vatCheckStatus: answer?.status ?? 'unverified',
    vatCheckVatId: vatId,
    vatCheckName: answer?.status === 'valid' ? answer.name : null,
    vatCheckAddress: answer?.status === 'valid' ? answer.address : null,
    vatCheckRequestId: answer && answer.status !== 'unverified' ? answer.requestId : null,
    vatCheckError: answer?.status === 'unverified' ? answer.error : null,
    vatCheckedAt: at,
  } satisfies Partial<typeof profiles.$inferInsert>;
}
