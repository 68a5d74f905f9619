import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@portal/shared';
import { LogoutPage } from '../pages/misc/logout-page';
import { UnexpectedErrorPage } from '../pages/misc/unexpected-error-page';
import { publicRoutes, RootFrame } from './public-routes';
import { RequireAuth } from './route-guards';
import { loadSignedInPages, signedInPages, type SignedInPages } from './load-signed-in';

/**
 * The signed-in layout, from the lazily loaded chunk (load-signed-in.ts). A component-level lazy behind RequireAuth,
 * not a route `lazy`: the router resolves a route's `lazy` before anything renders, so a signed-out visitor of `/`
 * would download the chunk before being sent to /login.
 */
const AppLayout = lazy(() => loadSignedInPages().then((pages) => ({ default: pages.AppLayout })));

// The sign-in bundle (sign-in/) serves /login to visitors who are not signed in; here it is rarely seen (a session that
// ended), so its form, react-hook-form and the inputs are not part of every signed-in page's download.
const LoginPage = lazy(() =>
  import(/* webpackChunkName: "login-page" */ '../pages/auth/login-page').then((page) => ({
    default: page.LoginPage,
  })),
);

/** A page of the signed-in chunk, rendered under the signed-in layout (which has loaded the chunk by then). */
function signedInPage(pick: (pages: SignedInPages) => ComponentType): ComponentType {
  return function SignedInPage() {
    const Page = pick(signedInPages());
    return <Page />;
  };
}

export function createShellRoutes(): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      errorElement: <UnexpectedErrorPage />,
      children: [
        ...publicRoutes(LoginPage),
        { path: '/logout', element: <LogoutPage /> },
        {
          element: (
            <RequireAuth>
              <Suspense fallback={<LoadingState />}>
                <AppLayout />
              </Suspense>
            </RequireAuth>
          ),
          errorElement: <UnexpectedErrorPage />,
          children: [
            { path: '/', element: <Navigate to="/dashboard" replace /> },
            { path: '/dashboard', Component: signedInPage((pages) => pages.DashboardPage) },
            { path: '/staff', Component: signedInPage((pages) => pages.StaffRoute) },
            { path: '/features/content-master', Component: signedInPage((pages) => pages.ContentMasterRoute) },
            { path: '*', Component: signedInPage((pages) => pages.RemoteOutlet) },
          ],
        },
      ],
    },
  ];
}
