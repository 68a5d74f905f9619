import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@portal/shared';
import { ConnectionLostBanner } from '../connection/connection-lost-banner';
import { CookieConsentBanner } from '../layout/cookie-consent-banner';
import { LoadingBar } from '../layout/loading-bar';
import { NotificationArea } from '../layout/notification-area';
import { LoginPage } from '../pages/auth/login-page';
import { LogoutPage } from '../pages/misc/logout-page';
import { UnexpectedErrorPage } from '../pages/misc/unexpected-error-page';
import { PublicOnly, RequireAuth } from './route-guards';
import { loadSignedInPages, signedInPages, type SignedInPages } from './load-signed-in';

/** Frame around every page: loading bar, connection-lost banner, notifications and cookie banner also show on the sign-in screens. */
function RootFrame() {
  return (
    <>
      <LoadingBar />
      <ConnectionLostBanner />
      <Outlet />
      <NotificationArea />
      <CookieConsentBanner />
    </>
  );
}

/**
 * The signed-in layout, from the lazily loaded chunk (load-signed-in.ts). A component-level lazy behind RequireAuth,
 * not a route `lazy`: the router resolves a route's `lazy` before anything renders, so a signed-out visitor of `/`
 * would download the chunk before being sent to /login.
 */
const AppLayout = lazy(() => loadSignedInPages().then((pages) => ({ default: pages.AppLayout })));

// The registration and password-reset pages are chunks of their own: /login, the page most visits start on, does not
// carry their code and the components only they render (the terms checkbox).
const RegisterPage = lazy(() =>
  import(/* webpackChunkName: "register-page" */ '../pages/auth/register-page').then((page) => ({
    default: page.RegisterPage,
  })),
);
const ForgotPasswordPage = lazy(() =>
  import(/* webpackChunkName: "forgot-password-page" */ '../pages/auth/forgot-password-page').then((page) => ({
    default: page.ForgotPasswordPage,
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
        {
          path: '/login',
          element: (
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          ),
        },
        {
          path: '/register',
          element: (
            <PublicOnly>
              <Suspense fallback={<LoadingState />}>
                <RegisterPage />
              </Suspense>
            </PublicOnly>
          ),
        },
        {
          path: '/forgot-password',
          element: (
            <Suspense fallback={<LoadingState />}>
              <ForgotPasswordPage />
            </Suspense>
          ),
        },
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
