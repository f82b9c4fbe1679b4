import { LinkOutlined } from '@ant-design/icons';
import { Button, Space, theme, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { deepLinkForPath } from '../../../shared/deep-links';
import { notifyError, notifySuccess } from '../core/notices';
import { useWorkspace } from '../core/workspace';

/**
 * "Copy link": the record's `sitedesk://` link (issue 31), which opens it in the desktop app. Shown by every editor
 * footer whose address is a linkable record (shared/deep-links.ts), so no screen adds it by hand.
 */
function CopyLinkButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { websiteId } = useWorkspace();
  const link = deepLinkForPath(pathname, websiteId);
  if (!link) return null;
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => notifySuccess(t('recordLink.copied')),
      (error: unknown) => notifyError(error instanceof Error ? error.message : String(error)),
    );
  return (
    <Tooltip title={t('recordLink.hint')}>
      <Button icon={<LinkOutlined />} data-testid="copy-record-link" data-link={link} onClick={() => void copy()}>
        {t('recordLink.copy')}
      </Button>
    </Tooltip>
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
