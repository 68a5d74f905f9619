import type { HttpClient } from '@portal/shared';

/** GET /user/freshdesk-api-key: the account's key for the Freshdesk app (created on the first call). */
export async function fetchFreshdeskApiKey(http: HttpClient, signal?: AbortSignal): Promise<string> {
  const response = await http.get<{ api_key: string }>('/user/freshdesk-api-key', { signal });
  return response.api_key;
}
