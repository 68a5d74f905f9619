// Everything only a signed-in user sees, one chunk ("signed-in"): /login and /register do not download it. The
// shell's routes load it through load-signed-in.ts.
import { ContentMasterPage } from '../pages/misc/content-master-page';
import { RequireRegistryRoute } from './require-registry-route';

export { AppLayout } from '../layout/app-layout';
export { DashboardPage } from '../pages/dashboard/dashboard-page';
export { RemoteOutlet } from '../remote-outlet/remote-outlet';
export { StaffRoute } from '../staff/staff-route';

/** /features/content-master: only for a user whose registry owns the path. */
export function ContentMasterRoute() {
  return (
    <RequireRegistryRoute>
      <ContentMasterPage />
    </RequireRegistryRoute>
  );
}
