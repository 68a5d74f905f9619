import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ShellProviders } from './composition/shell-providers';
import type { ShellRuntime } from './composition/create-shell';
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
