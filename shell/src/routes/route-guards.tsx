import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingState } from '@portal/shared';
import { useShellState } from '../shell-api/shell-api-context';
import { sessionStateRef } from '../shell-api/shell-apis';
import { sessionHintSaysSignedIn } from '../identity/lazy-identity';

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Authenticated routes: signed-out visitors go to /login, remembering where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const authResolved = useShellState(sessionStateRef, (state) => state.authResolved);
  const signedIn = useShellState(sessionStateRef, (state) => state.user !== null);
  if (!authResolved) return <LoadingState />;
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
  return <>{children}</>;
}

/**
 * /login and /register: signed-in users go to where they came from, else /dashboard. While the session is still
 * being decided the page shows at once unless the session hint says someone is signed in (the rule of index.html's
 * static sign-in card), so it renders with the first, time-sliced render instead of in one long task afterwards.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  const authResolved = useShellState(sessionStateRef, (state) => state.authResolved);
  const signedIn = useShellState(sessionStateRef, (state) => state.user !== null);
  const flowBusy = useShellState(sessionStateRef, (state) => state.authFlowBusy);
  if (!authResolved && sessionHintSaysSignedIn()) return <LoadingState />;
  if (signedIn && !flowBusy) {
    const from = (location.state as FromState | null)?.from;
    const target =
      from && from.pathname !== '/logout' ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/dashboard';
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
