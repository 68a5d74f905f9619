import { useHttp, useLoad } from '@portal/shared';
import { fetchRegistryEntries } from '../api';

/**
 * Every registry entry (also disabled ones), in dashboard order; `reload` after a change (keeps the list on screen
 * meanwhile), `retry` after a failure.
 */
export function useRegistryEntries() {
  const http = useHttp();
  return useLoad(async () => {
    const entries = await fetchRegistryEntries(http);
    return [...entries].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  }, [http]);
}
