import { lazy, Suspense } from 'react';
import { createBrowserRouter, createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { lazyElement, ScreenFallback } from './lazyScreen';
import { screens } from './screens';

// The layout carries ProLayout and the header; lazy so /login does not load it.
const AppLayout = lazy(() => import('./layout/AppLayout'));
const loginPage = lazyElement(() => import('../pages/login/LoginPage'), { spinner: false });
const expiredTokenPage = lazyElement(() => import('../pages/expired/ExpiredTokenPage'));
const screenRoutes = screens.map((screen): RouteObject => ({ path: screen.path, element: lazyElement(screen.load) }));

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
  {
    element: (
      <RequireAuth>
        <Suspense fallback={<ScreenFallback />}>
          <AppLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: [
      ...screenRoutes,
      // Unknown paths go to / (spec section 2).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Hash history under the desktop app's custom protocol, real paths in the browser. */
export function createAppRouter(mode: 'hash' | 'browser'): AppRouter {
  return mode === 'hash' ? createHashRouter(routeObjects) : createBrowserRouter(routeObjects);
}
