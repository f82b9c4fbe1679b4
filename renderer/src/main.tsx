import { unauthorizedTarget } from './api/unauthorized';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp, setServiceBases } from './api/client';
import { loadPreferences } from './core/preferences';
import { notifyError } from './core/notices';
import { Root } from './app/Root';
import { createAppRouter } from './app/router';
import type { FromState } from './app/guards';
import { i18next, initI18n } from './core/i18n';
import { platform, session } from './session';
import { currentLanguage, setCurrentLanguage } from './core/workspace/current';
import { clearQueries, noteChanges } from './resources/queries';

async function boot() {
  // Without an access token the first screen is most likely the sign-in form: fetch its chunk now,
  // in parallel with the start-up below, instead of after the router asks for it.
  if (!platform.accessToken()) void import('./pages/login/LoginPage');
  const preferences = await loadPreferences();
  // Calls made before the website list is known (AppSettings, Websites/get-all) use the last language too.
  if (preferences.contentLanguage) setCurrentLanguage(preferences.contentLanguage);
  // The desktop app's environment profile points the console at its services (web: same origin).
  const bases = await platform.serviceBases().catch(() => null);
  if (bases) setServiceBases(bases);

  await initI18n(preferences.uiLanguage);
  const router = createAppRouter(platform.historyMode);

  configureHttp({
    accessToken: () => session.accessToken(),
    language: currentLanguage,
    uiLanguage: () => i18next.language,
    notifyError,
    changes: noteChanges,
    // A refusal means the role changed since AppSettings was read: read it again (roles as data, issue 39).
    forbidden: () => void session.reloadUser().catch(() => undefined),
    unauthorized(kind) {
      const { pathname, search, hash } = router.state.location;
      if (pathname === '/login' || pathname === '/expiredToken') return;
      const state: FromState = { from: { pathname, search, hash } };
      if (unauthorizedTarget(kind, pathname) === '/expiredToken') {
        void router.navigate('/expiredToken', { state });
      } else {
        // Spec section 8: 401 on a data load → /login; the token is cleared so /login does not bounce back.
        void session.clear().finally(() => router.navigate('/login', { state, replace: true }));
      }
    },
  });

  // Start-up rule (spec section 4): with only a refresh token stored, get a new access token first.
  await session.start();
  // Sign-out and clearing wipe local storage: show what is left (browser: the defaults) right away,
  // not only after the next reload.
  session.subscribe(() => {
    if (session.getSnapshot().status !== 'signedOut') return;
    void loadPreferences();
    // The next user reads their own (what a screen showed the last one is not theirs to see).
    clearQueries();
  });

  // The desktop app opens records from outside the page (a clicked notification, a sitedesk:// link): the route's
  // `website=` switches the workspace (app/layout/AppLayout.tsx), the sign-in guard keeps it for after sign-in.
  platform.onNavigate((route) => void router.navigate(route));

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root router={router} />
    </StrictMode>,
  );
}

void boot();
