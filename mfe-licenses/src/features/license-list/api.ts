import type { HttpClient } from '@portal/shared';
import type { License, LicenseUser, Page, PlanChangeWithdrawn, SubscriptionStanding } from '@portal/shared/domain';

export const LICENSE_PAGE_SIZE = 10;

/** GET /license/all — server-side pagination, pages start at 1. */
export function fetchLicensePage(http: HttpClient, page: number, pageSize = LICENSE_PAGE_SIZE): Promise<Page<License>> {
  return http.get<Page<License>>('/license/all', { query: { page, pageSize } });
}

/** DELETE /license/registrations/{licenseId}: frees one place the license was registered at; answers the license. */
export function releaseRegistration(http: HttpClient, licenseId: string, entry: LicenseUser): Promise<License> {
  return http.del<License>(`/license/registrations/${encodeURIComponent(licenseId)}`, undefined, {
    query: { type: entry.type, value: entry.value },
  });
}

/** POST /subscription/{id}/cancel: ends the subscription at the end of its period (usable until then). */
export function cancelSubscription(http: HttpClient, subscriptionId: string): Promise<SubscriptionStanding> {
  return http.post(`/subscription/${encodeURIComponent(subscriptionId)}/cancel`);
}

/** Undoes "cancel at period end" while the period lasts: the subscription renews again. */
export function resumeSubscription(http: HttpClient, subscriptionId: string): Promise<SubscriptionStanding> {
  return http.post(`/subscription/${encodeURIComponent(subscriptionId)}/resume`);
}

/** DELETE /subscription/{id}/scheduled-change: takes back the plan change that waits for the period end. */
export function keepCurrentPlan(http: HttpClient, subscriptionId: string): Promise<PlanChangeWithdrawn> {
  return http.del(`/subscription/${encodeURIComponent(subscriptionId)}/scheduled-change`);
}
