import type { PortalLinks } from '@portal/shared';

// Runtime config fetched from /portal-config.json before the shell boots (team brief: fixed decisions).
export interface PortalConfig {
  apiBaseUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  links: PortalLinks;
}

export async function fetchPortalConfig(fetchFn: typeof fetch = fetch): Promise<PortalConfig> {
  const response = await fetchFn('/portal-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load /portal-config.json (${response.status})`);
  const config = (await response.json()) as PortalConfig;
  if (!config.apiBaseUrl || !config.firebase?.apiKey) throw new Error('/portal-config.json is incomplete');
  return { ...config, authEmulatorUrl: config.authEmulatorUrl ?? null };
}
