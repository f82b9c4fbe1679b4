import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session';

import { pathOf, type FromState } from '../core/returnTo';

export { pathOf, type FromState };

/** Sign-in guard: an unauthenticated user goes to /login, remembering the origin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status !== 'signedIn') {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/** An authenticated user opening /login goes to where they came from, or /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'signedIn') return <Navigate to={pathOf((location.state as FromState | null)?.from)} replace />;
  return children;
}
