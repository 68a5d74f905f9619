import { isApiError, useHttp } from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchIsStaff } from '../api';

export type StaffAccess = 'loading' | 'staff' | 'not-staff' | 'error';

/**
 * GET /staff/whoami for the signed-in user: the sidebar shows the Staff item and /staff its tabs only for staff.
 * The api enforces it on every staff route anyway (403 forbidden-staff-only).
 */
export function useStaffAccess() {
  const http = useHttp();
  const [access, setAccess] = useState<StaffAccess>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setAccess('loading');
    fetchIsStaff(http).then(
      (staff) => !cancelled && setAccess(staff ? 'staff' : 'not-staff'),
      (error: unknown) => {
        if (cancelled) return;
        setAccess(isApiError(error) && (error.status === 403 || error.status === 401) ? 'not-staff' : 'error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [http, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { access, reload };
}
