import { lazy, Suspense, useLayoutEffect, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@portal/shared';
import { ConnectionLostBanner } from '../layout/connection-lost-banner';
import { CookieConsentBanner } from '../layout/cookie-consent-banner';
import { LoadingBar } from '../layout/loading-bar';
import { NotificationArea } from '../layout/notification-area';
import { takeStaticLoginCard } from '../pages/auth/static-login-card';
import { PublicOnly } from './route-guards';

/** Frame around every page: loading bar, connection-lost banner, notifications and cookie banner also show on the sign-in screens. */
export function RootFrame() {
  // index.html's static sign-in card leaves with the first page: the login page took it over already (its layout
  // effect runs first), any other page has no use for it.
  useLayoutEffect(() => void takeStaticLoginCard(), []);
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

/**
 * The pages a visitor sees before signing in: in the portal's routes and in the sign-in bundle's (sign-in/). Each
 * build brings its login page: the sign-in bundle renders it at once, the portal (where a signed-in visitor rarely
 * sees it) as a chunk of its own.
 */
export function publicRoutes(LoginPage: ComponentType): RouteObject[] {
  return [
    {
      path: '/login',
      element: (
        <PublicOnly>
          <Suspense fallback={<LoadingState />}>
            <LoginPage />
          </Suspense>
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
  ];
}
