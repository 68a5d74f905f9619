import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '../ui/loading-state';
import type { PortalRemote } from './types';

/**
 * A remote's absolute routes in one <Routes> — how the shell mounts every remote (under its layout's `*` route),
 * and so how the standalone page and the remotes' tests mount them too. Pages may be lazy (`lazyPage`): a loading
 * state shows while their chunk arrives.
 */
export function PortalRemoteRoutes({ remote, fallback = null }: { remote: PortalRemote; fallback?: ReactNode }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        {remote.routes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
        <Route path="*" element={fallback} />
      </Routes>
    </Suspense>
  );
}
