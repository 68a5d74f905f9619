// Both overage calls treat a 500 as ok (the provider's answer may still carry data).
import { isNotFoundError, type HttpClient, type RequestOptions } from '@portal/shared';
import type { OverageApproval, PendingOverage, PendingOverages } from '@portal/shared/domain';

const OVERAGE_OPTIONS: RequestOptions = { acceptStatuses: [500] };

export async function fetchPendingOverage(http: HttpClient): Promise<PendingOverage[]> {
  try {
    const answer = await http.get<Partial<PendingOverages> | undefined>(
      '/subscription/overage/pending',
      OVERAGE_OPTIONS,
    );
    return answer?.subscriptions_to_approve ?? [];
  } catch (error) {
    if (isNotFoundError(error)) return [];
    throw error;
  }
}

/** The provider's approval page, or null when the api answered without one (a 500 counts as ok). */
export async function approveOverage(http: HttpClient, subscriptionId: string): Promise<string | null> {
  const answer = await http.post<Partial<OverageApproval> | undefined>(
    `/subscription/${encodeURIComponent(subscriptionId)}/overage/approve`,
    undefined,
    OVERAGE_OPTIONS,
  );
  return answer?.approval_url ?? null;
}
