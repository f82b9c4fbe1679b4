import type { Location } from 'react-router-dom';

/** Router state carried to /login and /expiredToken: where the user was. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export const pathOf = (from: FromState['from'] | undefined, fallback = '/') =>
  from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : fallback;
