import { useSyncExternalStore } from 'react';
import { selectPlatform } from '../../platform';
import { authTransport } from '../api/auth';
import { Session, type SessionSnapshot } from './session';
import { sessionServices } from './services';

export type { CurrentUser, SessionSnapshot, SessionStatus } from './session';

/** Where the console runs (browser or desktop app): chosen once, used through the session and preferences. */
export const platform = selectPlatform(authTransport);
/** The one session of the console. */
export const session = new Session(platform, sessionServices);

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}
