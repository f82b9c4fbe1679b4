import { ProConfigProvider } from '@ant-design/pro-components';
import { Badge, Button, Layout, Menu, Result, theme, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/client';
import { isNarrow, useScreenClass } from '../../core/useScreenClass';
import { session } from '../../session';
import { proIntlFor } from '../../core/i18n/proIntl';
import { useWorkspace, WorkspaceProvider } from '../../core/workspace';
import { ScreenFallback } from '../../core/lazyScreen';
import { NotFound } from '../../core/NotFound';
import { deepestArea, isGroup, visibleNav, type NavGroup } from '../nav';
import { NAV_NAMESPACES, navTitle } from '../navTitle';
import { usePreference } from '../../core/preferences';
import { roleOpens, screensFor } from '../screens';
import { usePermissions } from '../../resources/permissions';
import { useSession } from '../../session';
import NoticeHost from '../../core/NoticeHost';
import { HeaderControls } from './HeaderControls';
import { UserMenu } from './UserMenu';
import { CONTENT_ID, SkipLink } from './SkipLink';
import { ShortcutsHelp } from '../../resources/ShortcutsHelp';
import { useNavCounts } from '../../resources/navCounts';
import { CommandPalette } from '../../features/search/CommandPalette';


/**
 * Screens remount (and so reload their data) when the website or language changes.
 *
 * An address may name the website its record belongs to (`/news/12?website=2`: a notification, a `sitedesk://` link,
 * the bell): the workspace switches to it first, then the parameter leaves the address. A website the user is not a
 * member of (not in their list) shows the not-found page, as a record they may not read does.
 */
function WorkspaceOutlet() {
  const { websiteId, language, websites, setWebsiteId } = useWorkspace();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = new URLSearchParams(location.search).get('website');
  const target = asked === null ? undefined : websites.find((w) => String(w.id) === asked);
  const switched = target !== undefined && String(target.id) === String(websiteId);
  useEffect(() => {
    if (!target) return;
    if (!switched) {
      setWebsiteId(target.id);
      return;
    }
    const rest = new URLSearchParams(location.search);
    rest.delete('website');
    const search = rest.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
  }, [target, switched, setWebsiteId, navigate, location]);
  if (asked !== null) return target ? <ScreenFallback /> : <NotFound />;
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

/** Header height; the side navigation sits below it and scrolls on its own. */
const HEADER_HEIGHT = 56;

/**
 * Side navigation, header, and the current screen: antd's Layout, Sider and Menu. (ProLayout drew the same with
 * about 200 KB more script after sign-in — its route utilities, its own data fetching library — none of which a
 * menu of links needs.)
 */
function Shell() {
  // The screens' namespaces too: each area shows its screen's title (../navTitle.ts).
  const { t } = useTranslation(NAV_NAMESPACES, { useSuspense: false });
  const location = useLocation();
  const screen = useScreenClass();
  const { token } = theme.useToken();
  const { user } = useSession();
  // The areas this user may open (their screens' access: shared/resources/access.ts).
  // and, on the header's website, what their role lets them list (resources/permissions.ts).
  const role = usePermissions();
  const registeredPaths = useMemo(() => new Set(screensFor(user).filter((s) => roleOpens(s, role).allowed).map((s) => s.path)), [user, role]);
  const [collapsed, setCollapsed] = useState(screen !== 'large');
  const [collapsedFor, setCollapsedFor] = useState(screen);
  // Side menu collapses to icons below 1280 px, so lists keep their columns (re-decided when the size class
  // changes); the user may still open it.
  if (collapsedFor !== screen) {
    setCollapsedFor(screen);
    setCollapsed(screen !== 'large');
  }

  const nav = useMemo(() => visibleNav(registeredPaths), [registeredPaths]);
  const { websiteId } = useWorkspace();
  const counts = useNavCounts(registeredPaths.has('/feedback') ? websiteId : null);
  const items = useMemo((): MenuProps['items'] => {
    // An area with something waiting (unread feedback) shows how many, and its group a dot.
    const counted = (path: string, label: string) => (
      <Link to={path}>
        {label}
        {counts[path] ? <Badge count={counts[path]} size="small" offset={[6, -2]} data-testid={`nav-count-${path.slice(1)}`} /> : null}
      </Link>
    );
    return nav.map((entry) =>
      isGroup(entry)
        ? {
            key: `group:${entry.key}`,
            icon: entry.icon,
            label: <Badge dot={entry.areas.some((a) => counts[a.path])} offset={[6, 0]}>{t(`nav.${entry.label}`)}</Badge>,
            children: entry.areas.map((area) => ({ key: area.path, icon: area.icon, label: counted(area.path, navTitle(area.title, t)) })),
          }
        : { key: entry.path, icon: entry.icon, label: counted(entry.path, navTitle(entry.title, t)) },
    );
  }, [t, nav, counts]);

  // One highlighted entry: the deepest area the path is in (/news/category is "Danh mục tin tức", not also "Tin tức").
  const selected = useMemo(() => deepestArea(nav, location.pathname), [location.pathname, nav]);
  // The group of the current screen opens with it; the others stay as the user left them.
  const groupOf = (path: string | undefined) => nav.find((e) => isGroup(e) && e.areas.some((a) => a.path === path)) as NavGroup | undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = groupOf(selected);
    return group ? [`group:${group.key}`] : [];
  });
  const [openedFor, setOpenedFor] = useState(selected);
  if (openedFor !== selected) {
    setOpenedFor(selected);
    const group = groupOf(selected);
    if (group && !openKeys.includes(`group:${group.key}`)) setOpenKeys([...openKeys, `group:${group.key}`]);
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <ShortcutsHelp />
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          paddingInline: screen === 'xsmall' ? 8 : 16,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Link to="/" style={{ color: token.colorText, fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap' }}>
          {t('appName')}
        </Link>
        <div style={{ flex: 1 }} />
        <HeaderControls compact={screen === 'xsmall'} />
        <UserMenu compact={isNarrow(screen)} />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          data-testid="side-nav"
          theme="light"
          // Wide enough for the longest entry inside a group ("Câu hỏi thường gặp" was cut at 220 px), with a
          // smaller indent for a group's entries and a thin scroll bar.
          width={232}
          collapsedWidth={64}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          style={{
            position: 'sticky',
            top: HEADER_HEIGHT,
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            borderRight: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {/* The menu scrolls above the collapse trigger (the sider's bottom 48 px): scrolled in the sider itself, its
              last entries ended under the trigger, out of reach. */}
          <div style={{ height: '100%', overflowY: 'auto', overflowX: 'hidden', scrollbarWidth: 'thin' }}>
            <Menu
              mode="inline"
              inlineIndent={16}
              items={items}
              selectedKeys={selected ? [selected] : []}
              // Collapsed, groups open as pop-ups: the menu keeps its own open state then.
              {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
              style={{ borderInlineEnd: 0 }}
            />
          </div>
        </Layout.Sider>
        {/* Focusable from the skip link only (tabIndex -1): the next Tab is the screen's first control. */}
        <Layout.Content id={CONTENT_ID} tabIndex={-1} style={{ padding: screen === 'xsmall' ? 8 : 24, minWidth: 0, outline: 'none' }}>
          <WorkspaceOutlet />
        </Layout.Content>
        <CommandPalette screens={nav.flatMap((e) => (isGroup(e) ? e.areas : [e])).map((a) => ({ path: a.path, label: navTitle(a.title, t) }))} />
      </Layout>
    </Layout>
  );
}
