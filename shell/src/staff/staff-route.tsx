import { LoadingState } from '@portal/shared';
import { lazy, Suspense } from 'react';

// The console is its own chunk: nobody but staff downloads it, and /login's budget does not see it.
const StaffPage = lazy(() => import(/* webpackChunkName: "staff" */ './components/staff-page'));

/** /staff in the shell's route table. */
export function StaffRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <StaffPage />
    </Suspense>
  );
}
