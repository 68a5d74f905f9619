import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ConnectionLostBanner } from '../connection/connection-lost-banner';
import { AppLayout } from '../layout/app-layout';
import { CookieConsentBanner } from '../layout/cookie-consent-banner';
import { LoadingBar } from '../layout/loading-bar';
import { NotificationArea } from '../layout/notification-area';
import { ForgotPasswordPage } from '../pages/auth/forgot-password-page';
import { LoginPage } from '../pages/auth/login-page';
import { RegisterPage } from '../pages/auth/register-page';
import { DashboardPage } from '../pages/dashboard/dashboard-page';
import { ContentMasterPage } from '../pages/misc/content-master-page';
import { LogoutPage } from '../pages/misc/logout-page';
import { UnexpectedErrorPage } from '../pages/misc/unexpected-error-page';
import { RemoteOutlet } from '../remotes/remote-outlet';
import { StaffRoute } from '../staff/staff-route';
import { PublicOnly, RequireAuth } from './route-guards';
import { RequireRegistryRoute } from './require-registry-route';

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
              <RegisterPage />
            </PublicOnly>
          ),
        },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/logout', element: <LogoutPage /> },
        {
          element: (
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          ),
          errorElement: <UnexpectedErrorPage />,
          children: [
            { path: '/', element: <Navigate to="/dashboard" replace /> },
            { path: '/dashboard', element: <DashboardPage /> },
            { path: '/staff', element: <StaffRoute /> },
            {
              path: '/features/content-master',
              element: (
                <RequireRegistryRoute>
                  <ContentMasterPage />
                </RequireRegistryRoute>
              ),
            },
            { path: '*', element: <RemoteOutlet /> },
          ],
        },
      ],
    },
  ];
}
