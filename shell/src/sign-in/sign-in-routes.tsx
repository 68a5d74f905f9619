import { useEffect } from 'react';
import { createPath, useLocation, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@portal/shared';
import { UnexpectedErrorPage } from '../pages/misc/unexpected-error-page';
import { publicRoutes, RootFrame } from '../routes/public-routes';

/**
 * Any other address (the page a signed-in visitor is sent to, /logout, a link) is the federated portal's: loaded
 * in place of this page, so the browser never holds both builds.
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

/** The sign-in bundle's routes: the public pages and, for every other address, the portal. */
export function createSignInRoutes(leave: (path: string) => void = loadPage): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      errorElement: <UnexpectedErrorPage />,
      children: [...publicRoutes(), { path: '*', element: <PortalPage leave={leave} /> }],
    },
  ];
}
