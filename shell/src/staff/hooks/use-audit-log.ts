import { apiErrorKey, useHttp } from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';
import type { AuditEvent } from '@portal/shared/domain';
import { AUDIT_PAGE_SIZE, fetchAuditLog } from '../api';

export type AuditLogState =
  | { status: 'loading' }
  | { status: 'error'; errorKey: string }
  | { status: 'ready'; events: AuditEvent[]; total: number };

/** One page of the staff audit log (newest first), optionally only the events of one entry. */
export function useAuditLog(page: number, entryId: string) {
  const http = useHttp();
  const [state, setState] = useState<AuditLogState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    fetchAuditLog(http, { page, entryId, pageSize: AUDIT_PAGE_SIZE }).then(
      ({ events, total }) => !cancelled && setState({ status: 'ready', events, total }),
      (error: unknown) => {
        if (!cancelled)
          setState({ status: 'error', errorKey: apiErrorKey(error as { slug?: string; status?: number }) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [http, page, entryId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
