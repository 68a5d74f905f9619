import { isNotFoundError, useHttp, useLoad } from '@portal/shared';
import { fetchLicensePage, LICENSE_PAGE_SIZE } from '../api';

/** Loads one server-side page of the user's licenses; `retry` loads it again (after a failure or a change). */
export function useLicensePage(page: number, pageSize = LICENSE_PAGE_SIZE) {
  const http = useHttp();
  return useLoad(
    () =>
      fetchLicensePage(http, page, pageSize).catch((error: unknown) => {
        // A "not found" answer means the user simply has no licenses.
        if (isNotFoundError(error)) return { items: [], total: 0, page, pageSize };
        throw error;
      }),
    [http, page, pageSize],
  );
}
