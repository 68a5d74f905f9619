import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ShellProviders } from './services/ShellProviders';
import type { ShellRuntime } from './services/shell-runtime';
import { ROUTER_PROVIDER_FUTURE } from './routes/router-options';

type Router = ReturnType<typeof createBrowserRouter>;

/** The whole shell; bootstrap.tsx passes a browser router, tests a memory router. */
export function ShellApp({ runtime, router }: { runtime: ShellRuntime; router: Router }) {
  useEffect(() => runtime.start(), [runtime]);
  return (
    <ShellProviders runtime={runtime}>
      <RouterProvider router={router} future={ROUTER_PROVIDER_FUTURE} />
    </ShellProviders>
  );
}
