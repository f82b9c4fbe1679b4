import { lazy, Suspense } from 'react';
import { createBrowserRouter, createHashRouter, type RouteObject } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { lazyElement, ScreenFallback } from '../core/lazyScreen';

// Everything behind sign-in (the shell layout, the header, the route table and the resource definitions it
// reads) is one lazy chunk, so /login does not load it.
const ProtectedApp = lazy(() => import('./ProtectedApp'));
const loginPage = lazyElement(() => import('../pages/login/LoginPage'), { spinner: false });
const expiredTokenPage = lazyElement(() => import('../pages/expired/ExpiredTokenPage'));
// A password reset link's page (issue 39): opened without signing in, and whether or not someone is signed in here.
const resetPasswordPage = lazyElement(() => import('../pages/reset-password/ResetPasswordPage'), { spinner: false });

export const routeObjects: RouteObject[] = [
  {
    path: '/login',
    element: (
      <RedirectIfSignedIn>
        {loginPage}
      </RedirectIfSignedIn>
    ),
  },
  { path: '/expiredToken', element: expiredTokenPage },
  { path: '/reset-password', element: resetPasswordPage },
  {
    path: '*',
    element: (
      <RequireAuth>
        <Suspense fallback={<ScreenFallback />}>
          <ProtectedApp />
        </Suspense>
      </RequireAuth>
    ),
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Hash history under the desktop app's custom protocol, real paths in the browser. */
export function createAppRouter(mode: 'hash' | 'browser'): AppRouter {
  return mode === 'hash' ? createHashRouter(routeObjects) : createBrowserRouter(routeObjects);
}
