import { DownOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, theme, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { deepLinkForPath, webLinkForPath } from '../../../shared/deep-links';
import { cmsApi } from '../api/client';
import { notifyError, notifySuccess } from '../core/notices';
import { useWorkspace } from '../core/workspace';
import { platform } from '../session';

/**
 * Where the console is served from: the page's own origin in a browser; in the desktop app (whose page is
 * `app://sitedesk/`) the origin of the server its environment profile names, which serves the console too.
 */
const consoleOrigin = () => new URL(cmsApi.defaults.baseURL ?? '/', window.location.href).origin;

/**
 * "Copy link" (issue 31, issue 42): in a browser, the console's own address of the record (`/news/5?website=1`),
 * which any browser opens; in the desktop app both that address and the record's `sitedesk://` link, which opens it
 * in the app. Shown by every editor footer whose address is a linkable record (shared/deep-links.ts), so no screen
 * adds it by hand.
 */
function CopyLinkButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { websiteId } = useWorkspace();
  const appLink = deepLinkForPath(pathname, websiteId);
  if (!appLink) return null;
  const webLink = webLinkForPath(pathname, websiteId, platform.kind === 'desktop' ? consoleOrigin() : window.location.origin);
  const copy = (link: string) =>
    navigator.clipboard.writeText(link).then(
      () => notifySuccess(t('recordLink.copied')),
      (error: unknown) => notifyError(error instanceof Error ? error.message : String(error)),
    );
  if (platform.kind !== 'desktop' || !webLink) {
    const link = webLink ?? appLink;
    return (
      <Tooltip title={t('recordLink.webHint')}>
        <Button icon={<LinkOutlined />} data-testid="copy-record-link" data-link={link} onClick={() => void copy(link)}>
          {t('recordLink.copy')}
        </Button>
      </Tooltip>
    );
  }
  const items = [
    { key: 'web', label: t('recordLink.copyWeb'), onClick: () => void copy(webLink) },
    { key: 'app', label: t('recordLink.copyApp'), onClick: () => void copy(appLink) },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button icon={<LinkOutlined />} data-testid="copy-record-link" data-link={webLink} data-app-link={appLink}>
        {t('recordLink.copy')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * The save buttons of a form, kept in reach: the bar sticks to the bottom of the window while the form is longer
 * than the screen, and sits under the last field once it is scrolled into view (it never covers a field).
 */
export function FormFooter({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      data-testid="form-footer"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        marginTop: token.marginLG,
        marginInline: -token.paddingLG,
        marginBottom: -token.paddingLG,
        padding: `${token.paddingSM}px ${token.paddingLG}px`,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        borderEndStartRadius: token.borderRadiusLG,
        borderEndEndRadius: token.borderRadiusLG,
      }}
    >
      <Space wrap>
        {children}
        <CopyLinkButton />
      </Space>
    </div>
  );
}
