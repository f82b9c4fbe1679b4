import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useSession } from '../session';

/** Router state carried to /login and /expiredToken: where the user was. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export const pathOf = (from: FromState['from'] | undefined, fallback = '/') =>
  from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : fallback;

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
