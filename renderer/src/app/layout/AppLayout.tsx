import { ProConfigProvider, ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Button, Result } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/client';
import { isNarrow, useScreenClass } from '../../core/useScreenClass';
import { session } from '../../session';
import { proIntlFor } from '../../core/i18n/proIntl';
import { findTheme } from '../../core/theme/themes';
import { useWorkspace, WorkspaceProvider } from '../../core/workspace';
import { ScreenFallback } from '../../core/lazyScreen';
import { deepestArea, isGroup, visibleNav } from '../nav';
import { usePreference } from '../../core/preferences';
import { screensFor } from '../screens';
import { useSession } from '../../session';
import NoticeHost from '../../core/NoticeHost';
import { HeaderControls } from './HeaderControls';
import { UserMenu } from './UserMenu';


/** Screens remount (and so reload their data) when the website or language changes. */
function WorkspaceOutlet() {
  const { websiteId, language } = useWorkspace();
  return <Outlet key={`${String(websiteId)}:${language}`} />;
}

/**
 * The signed-in shell. The token check (AppSettings) comes first: its 401 means "expired", and
 * the website list and the screens wait for it.
 */
export default function AppLayout() {
  const { t } = useTranslation();
  const [uiLanguage] = usePreference('uiLanguage');
  const [state, setState] = useState<{ ready: boolean; failure: string | null }>({ ready: false, failure: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    session.loadUser().then(
      () => alive && setState({ ready: true, failure: null }),
      // A 401 was already redirected by the API client; anything else (server down…) offers a retry.
      (error: unknown) => alive && !(error instanceof ApiError && error.status === 401) && setState({ ready: false, failure: errorMessage(error) }),
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  let content = <ScreenFallback />;
  if (state.ready) {
    content = (
      <WorkspaceProvider>
        <Shell />
      </WorkspaceProvider>
    );
  } else if (state.failure) {
    content = (
      <Result
        status="error"
        title={state.failure}
        extra={
          <Button
            type="primary"
            onClick={() => {
              setState({ ready: false, failure: null });
              setAttempt((n) => n + 1);
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    // pro-components' texts (pager totals…) in the interface language, with our corrections (i18n/proIntl.ts).
    <ProConfigProvider intl={proIntlFor(uiLanguage)}>
      {/* Notices live with the signed-in shell: the sign-in route shows its errors inline. */}
      <NoticeHost />
      {content}
    </ProConfigProvider>
  );
}

/** Side navigation, header, and the current screen. */
function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const screen = useScreenClass();
  const [themeKey] = usePreference('theme');
  const { user } = useSession();
  // The areas this user's role opens (shared/roles.ts).
  const registeredPaths = useMemo(() => new Set(screensFor(user).map((s) => s.path)), [user]);
  const [collapsed, setCollapsed] = useState(screen !== 'large');
  const [collapsedFor, setCollapsedFor] = useState(screen);
  // Side menu collapses to icons below 1280 px, so lists keep their columns (re-decided when the size class
  // changes); the user may still open it.
  if (collapsedFor !== screen) {
    setCollapsedFor(screen);
    setCollapsed(screen !== 'large');
  }

  const menu = useMemo(
    (): MenuDataItem[] =>
      visibleNav(registeredPaths).map((entry) =>
        isGroup(entry)
          ? {
              key: entry.key,
              path: `/__group/${entry.key}`,
              name: t(`nav.${entry.label}`),
              icon: entry.icon,
              children: entry.areas.map((area) => ({ path: area.path, name: t(`nav.${area.label}`), icon: area.icon })),
            }
          : { path: entry.path, name: t(`nav.${entry.label}`), icon: entry.icon },
      ),
    [t, registeredPaths],
  );

  // One highlighted entry: the deepest area the path is in (/news/category is "Danh mục tin tức", not also "Tin tức").
  const selected = useMemo(() => deepestArea(visibleNav(registeredPaths), location.pathname), [location.pathname, registeredPaths]);

  return (
    <ProLayout
      title={t('appName')}
      logo={false}
      layout="mix"
      navTheme={findTheme(themeKey).dark ? 'realDark' : 'light'}
      fixSiderbar
      fixedHeader
      breakpoint={false}
      collapsed={collapsed}
      onCollapse={setCollapsed}
      route={{ path: '/', children: menu }}
      location={{ pathname: location.pathname }}
      selectedKeys={selected ? [selected] : []}
      menu={{ locale: false }}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      actionsRender={() => [<HeaderControls key="controls" compact={screen === 'xsmall'} />]}
      avatarProps={{ render: () => <UserMenu compact={isNarrow(screen)} /> }}
      contentStyle={{ padding: screen === 'xsmall' ? 8 : 24 }}
    >
      <WorkspaceOutlet />
    </ProLayout>
  );
}
