import { useHttp, useLoad } from '@portal/shared';
import { AUDIT_PAGE_SIZE, fetchAuditLog } from '../api';

/** One page of the staff audit log (newest first), optionally only the events of one entry. */
export function useAuditLog(page: number, entryId: string) {
  const http = useHttp();
  return useLoad(() => fetchAuditLog(http, { page, entryId, pageSize: AUDIT_PAGE_SIZE }), [http, page, entryId]);
}
