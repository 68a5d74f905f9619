import type { HttpClient } from '@portal/shared';
import type { FreshdeskApiKeyResponse, LicenseUsage } from '@portal/shared/domain';

/** GET /user/freshdesk-api-key: the account's key for the Freshdesk app (created on the first call). */
export async function fetchFreshdeskApiKey(http: HttpClient, signal?: AbortSignal): Promise<string> {
  const response = await http.get<FreshdeskApiKeyResponse>('/user/freshdesk-api-key', { signal });
  return response.api_key;
}

/** GET /license/usage: this month's emails of the account's fresh_desk license, used and included. */
export async function fetchEmailUsage(http: HttpClient, signal?: AbortSignal): Promise<LicenseUsage> {
  return http.get<LicenseUsage>('/license/usage', { query: { pluginName: 'fresh_desk' }, signal, silent: true });
}

/** The api's answer when the account has no valid fresh_desk license (it checks too: its answer wins). */
export const isLicenseRequired = (error: unknown) => (error as { slug?: string } | null)?.slug === 'license-required';
