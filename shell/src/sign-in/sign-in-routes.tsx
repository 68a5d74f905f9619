import { useEffect } from 'react';
import { createPath, useLocation, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@portal/shared';
import { LoginPage } from '../pages/auth/login-page';
import { UnexpectedErrorPage } from '../pages/misc/unexpected-error-page';
import { publicRoutes, RootFrame } from '../routes/public-routes';
import { RequireAuth } from '../routes/route-guards';

/**
 * Any other address (the page a signed-in visitor is sent to, /logout, a link) is the federated portal's: loaded in
 * place of this page once someone is signed in, so the browser never holds both builds. Signed out, the visitor signs
 * in first (RequireAuth remembers the address).
 */
function PortalPage({ leave }: { leave: (path: string) => void }) {
  const location = useLocation();
  useEffect(() => {
    leave(createPath(location));
  }, [leave, location]);
  return <LoadingState />;
}

/** Loads `path` in place of the current page (no history entry: the router has already set the address). */
function loadPage(path: string) {
  window.location.replace(path);
}

/** The sign-in bundle's routes: the public pages and, for every other address, the sign-in and then the portal. */
export function createSignInRoutes(leave: (path: string) => void = loadPage): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      errorElement: <UnexpectedErrorPage />,
      children: [
        ...publicRoutes(LoginPage),
        {
          path: '*',
          element: (
            <RequireAuth>
              <PortalPage leave={leave} />
            </RequireAuth>
          ),
        },
      ],
    },
  ];
}
