import { CloudDownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Modal, Progress, Tooltip, Typography } from 'antd';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformUpdates, UpdateState } from '../../../platform';
import { errorMessage } from '../../api/client';
import { platform } from '../../session';
import { notifyError } from '../../core/notices';
import { restartForUpdate } from '../../core/unsavedWork';

/**
 * Header part for app updates: a small progress ring while one downloads, then "Restart to update".
 * Nothing at all otherwise (always, in the browser), so the labels are only fetched when needed.
 */
export function UpdateControl({ updates = platform.updates }: { updates?: PlatformUpdates }) {
  const state = useSyncExternalStore(updates.subscribe, updates.state);
  if (state.status !== 'downloading' && state.status !== 'downloaded') return null;
  return (
    <Suspense fallback={null}>
      <UpdateIndicator state={state} updates={updates} />
    </Suspense>
  );
}

function UpdateIndicator({ state, updates }: { state: UpdateState; updates: PlatformUpdates }) {
  const { t } = useTranslation('settings');
  const [modal, modalHost] = Modal.useModal();
  const [busy, setBusy] = useState(false);

  if (state.status === 'downloading') {
    const percent = Math.round(state.percent ?? 0);
    const text = t('updates.downloading', { version: state.version ?? '', percent });
    return (
      <Tooltip title={text}>
        <span role="status" aria-label={text} data-testid="update-progress" style={{ display: 'inline-flex' }}>
          <Progress type="circle" size={18} percent={percent} showInfo={false} strokeWidth={12} />
        </span>
      </Tooltip>
    );
  }

  const restart = async () => {
    setBusy(true);
    try {
      const { restarting, unsaved } = await restartForUpdate(updates);
      if (restarting) return; // the app quits and installs; stay busy until it does
      modal.warning({
        title: t('updates.unsavedTitle'),
        content: (
          <>
            <Typography.Paragraph>{t('updates.unsavedText')}</Typography.Paragraph>
            {unsaved.length ? (
              <ul data-testid="unsaved-list">
                {unsaved.map((label, i) => (
                  <li key={i}>{label}</li>
                ))}
              </ul>
            ) : null}
          </>
        ),
        okText: t('updates.ok'),
      });
    } catch (error) {
      notifyError(errorMessage(error));
    }
    setBusy(false);
  };

  return (
    <>
      {modalHost}
      <Tooltip title={state.version ? t('updates.ready', { version: state.version }) : undefined}>
        <Button type="primary" size="small" icon={busy ? <ReloadOutlined /> : <CloudDownloadOutlined />} loading={busy} onClick={() => void restart()}>
          {t('updates.restart')}
        </Button>
      </Tooltip>
    </>
  );
}
