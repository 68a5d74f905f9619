import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ShellProviders } from './composition/shell-providers';
import type { Shell } from './composition/create-shell';
import { ROUTER_PROVIDER_FUTURE } from './routes/router-options';

type Router = ReturnType<typeof createBrowserRouter>;

/** The whole shell; bootstrap.tsx passes a browser router, tests a memory router. */
export function ShellApp({ shell, router }: { shell: Shell; router: Router }) {
  useEffect(() => shell.start(), [shell]);
  return (
    <ShellProviders shell={shell}>
      <RouterProvider router={router} future={ROUTER_PROVIDER_FUTURE} />
    </ShellProviders>
  );
}
