import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../resources/permissions';
import { roleOpens, type ScreenRoute } from './screens';

/**
 * A screen whose records the user's role on the header's website does not reach (issue 39): a refusal naming the
 * role, not the screen (whose calls the server would refuse with 403 one by one). The navigation does not list it
 * (layout/AppLayout.tsx); this is for an address typed or kept from before.
 */
export function RoleGate({ screen, children }: { screen: Pick<ScreenRoute, 'grant' | 'privacy'>; children: ReactNode }) {
  const { t } = useTranslation('resources');
  const verdict = roleOpens(screen, usePermissions());
  if (verdict.allowed) return children;
  return (
    <div data-testid="role-refused">
      <Result status="403" title={t('role.refusedTitle')} subTitle={verdict.reason} />
    </div>
  );
}
