import { Route, Routes } from 'react-router-dom';
import AppLayout from './layout/AppLayout';
import { lazyElement } from '../core/lazyScreen';
import NotFoundPage from '../core/NotFound';
import { mayOpen, screens } from './screens';
import { useSession } from '../session';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import TwoFactorCard from '../pages/profile/TwoFactorCard';
import { RoleGate } from './RoleGate';

// The signed-in part of the console: the route table (which reads every resource definition) and
// the layout load together, once signed in, so the sign-in route pays for neither.
// A screen of a definition's records opens only where the user's role reaches them (./RoleGate.tsx).
const screenRoutes = screens.map((screen) => ({
  path: screen.path,
  access: screen.access,
  element: screen.grant || screen.privacy ? <RoleGate screen={screen}>{lazyElement(screen.load)}</RoleGate> : lazyElement(screen.load),
}));

/**
 * REQUIRE_2FA_FOR_ADMINS: an administrator without the second factor sees only its enrolment (the server refuses
 * everything else with 403 until it is on); once on, the console starts again with the full settings.
 */
function Enrolment() {
  const { t } = useTranslation();
  return (
    <main style={{ maxWidth: 560, margin: '48px auto', padding: 16 }}>
      <Card>
        <Result status="warning" title={t('twoFactor.enrolTitle')} subTitle={t('twoFactor.enrolText')} />
        <TwoFactorCard onEnabled={() => window.location.reload()} />
      </Card>
    </main>
  );
}

export default function ProtectedApp() {
  const { user } = useSession();
  if (user?.mustEnrol) return <Enrolment />;
  // What the user's role does not open is not there (the server refuses it as well).
  const allowed = screenRoutes.filter((screen) => mayOpen(screen, user));
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {allowed.map((screen) => (
          <Route key={screen.path} path={screen.path} element={screen.element} />
        ))}
        {/* The spec sends unknown paths to /; a not-found page inside the shell instead means a
            mistyped or stale address says so rather than silently showing the dashboard. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
