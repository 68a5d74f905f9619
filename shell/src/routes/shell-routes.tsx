import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { CookieConsentBanner } from '../layout/CookieConsentBanner';
import { LoadingBar } from '../layout/LoadingBar';
import { NotificationArea } from '../layout/NotificationArea';
import { ForgotPasswordPage } from '../pages/auth/ForgotPasswordPage';
import { LoginPage } from '../pages/auth/LoginPage';
import { RegisterPage } from '../pages/auth/RegisterPage';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { ContentMasterPage } from '../pages/misc/ContentMasterPage';
import { LogoutPage } from '../pages/misc/LogoutPage';
import { UnexpectedErrorPage } from '../pages/misc/UnexpectedErrorPage';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { PublicOnly, RequireAuth } from './route-guards';

/** Frame around every page: loading bar, notifications and cookie banner also show on the sign-in screens. */
function RootFrame() {
  return (
    <>
      <LoadingBar />
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
            { path: '/features/content-master', element: <ContentMasterPage /> },
            { path: '*', element: <RemoteOutlet /> },
          ],
        },
      ],
    },
  ];
}
