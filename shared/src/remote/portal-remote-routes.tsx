import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { PortalRemote } from './types';

/**
 * A remote's absolute routes in one <Routes> — how the shell mounts every remote (under its layout's `*` route),
 * and so how the standalone page and the remotes' tests mount them too.
 */
export function PortalRemoteRoutes({ remote, fallback = null }: { remote: PortalRemote; fallback?: ReactNode }) {
  return (
    <Routes>
      {remote.routes.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
