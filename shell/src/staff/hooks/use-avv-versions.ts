import { useHttp, useLoad } from '@portal/shared';
import { fetchAvvVersions } from '../api';

/** Every published AVV version, newest first (GET /avv/versions, staff only). */
export function useAvvVersions() {
  const http = useHttp();
  return useLoad(() => fetchAvvVersions(http), [http]);
}
