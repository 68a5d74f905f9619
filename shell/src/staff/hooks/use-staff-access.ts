import { isApiError, useHttp, useLoad } from '@portal/shared';
import { fetchIsStaff } from '../api';

export type StaffAccess = 'loading' | 'staff' | 'not-staff' | 'error';

/**
 * GET /staff/whoami for the signed-in user: the sidebar shows the Staff item and /staff its tabs only for staff.
 * The api enforces it on every staff route anyway (403 forbidden-staff-only).
 */
export function useStaffAccess() {
  const http = useHttp();
  const { state, retry } = useLoad(
    () =>
      fetchIsStaff(http).then(
        (staff): StaffAccess => (staff ? 'staff' : 'not-staff'),
        (error: unknown): StaffAccess => {
          if (isApiError(error) && (error.status === 403 || error.status === 401)) return 'not-staff';
          throw error;
        },
      ),
    [http],
  );
  const access: StaffAccess = state.status === 'ready' ? state.data : state.status;
  return { access, reload: retry };
}
