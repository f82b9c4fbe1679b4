import { CloseOutlined, DownOutlined, PauseOutlined, CaretRightOutlined, RedoOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, ConfigProvider, List, Progress, Space, Tooltip, Typography, theme } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration } from './fileTypes';
import { FileTypeIcon } from './ItemIcon';
import { uploads, useUploads, type UploadEntry } from './uploads';

const ACTIVE = new Set<UploadEntry['state']>(['queued', 'uploading', 'paused']);

/** Progress of every upload: bytes, speed, time left, pause/resume, retry, cancel. */
export default function UploadPanel({ floating }: { floating?: boolean }) {
  const { t } = useTranslation('files');
  const { token } = theme.useToken();
  const entries = useUploads();
  const [collapsed, setCollapsed] = useState(false);
  if (!entries.length) return null;

  const active = entries.filter((entry) => ACTIVE.has(entry.state)).length;
  const finished = entries.length - active;
  const title = active ? t('upload.activeTitle', { count: active }) : t('upload.doneTitle', { count: entries.length });

  return (
    <Card
      size="small"
      data-testid="upload-panel"
      title={title}
      style={
        floating
          ? { position: 'fixed', right: 24, bottom: 24, width: 420, zIndex: 1000, boxShadow: token.boxShadowSecondary }
          : { marginTop: 8 }
      }
      styles={{ body: { padding: collapsed ? 0 : '0 12px', maxHeight: 300, overflow: 'auto' } }}
      extra={
        <Space size={4}>
          {finished > 0 && (
            <Button size="small" type="link" onClick={() => uploads.clearFinished()}>
              {t('upload.clearFinished')}
            </Button>
          )}
          <Button
            size="small"
            type="text"
            aria-label={collapsed ? t('upload.expand') : t('upload.collapse')}
            icon={collapsed ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setCollapsed(!collapsed)}
          />
        </Space>
      }
    >
      {!collapsed && (
        // Without motion: the bars move a few times a second, and each move's 0.3 s transition laid out and painted the
        // row at every frame for as long as a file was sent, on the machine that is sending it.
        <ConfigProvider theme={{ token: { motion: false } }}>
          <List size="small" dataSource={entries as UploadEntry[]} rowKey="id" renderItem={(entry) => <UploadRow entry={entry} />} />
        </ConfigProvider>
      )}
    </Card>
  );
}

/** Memo: the engine answers the same item object for an upload that did not change, so only the moving row renders. */
const UploadRow = memo(function UploadRow({ entry }: { entry: UploadEntry }) {
  const { t } = useTranslation('files');
  // Both engines fail with a code (shared/uploads.ts): the server's own Message (already in the interface
  // language) when it sent one, else the code in the interface language.
  const errorText = (error: NonNullable<UploadEntry['error']>) =>
    error.message ??
    (error.code === 'tooLarge' && error.limit ? t('upload.error.tooLargeOf', { limit: formatBytes(error.limit) }) : t(`upload.error.${error.code}`));
  const percent = entry.totalBytes ? Math.floor((entry.bytesSent / entry.totalBytes) * 100) : entry.state === 'completed' ? 100 : 0;
  // No 'active': its shimmer is an endless animation of the bar's width, a layout and a paint every frame for as long
  // as the upload runs, on the machine that is sending the file.
  const status = entry.state === 'failed' ? 'exception' : entry.state === 'completed' ? 'success' : 'normal';

  let detail = `${formatBytes(entry.bytesSent)} / ${formatBytes(entry.totalBytes)}`;
  if (entry.state === 'uploading' && entry.speed > 0) {
    detail += ` · ${formatBytes(entry.speed)}/s`;
    if (entry.remainingSeconds !== null) detail += ` · ${t('upload.remaining', { time: formatDuration(entry.remainingSeconds) })}`;
  } else if (entry.state !== 'uploading') {
    detail += ` · ${t(`upload.state.${entry.state}`)}`;
  }

  return (
    <List.Item
      data-testid="upload-row"
      data-state={entry.state}
      actions={[
        entry.state === 'uploading' || entry.state === 'queued' ? (
          <Tooltip key="pause" title={t('upload.pause')}>
            <Button size="small" type="text" aria-label={t('upload.pause')} icon={<PauseOutlined />} onClick={() => uploads.pause(entry.id)} />
          </Tooltip>
        ) : null,
        entry.state === 'paused' || entry.state === 'failed' ? (
          <Tooltip key="resume" title={entry.state === 'failed' ? t('upload.retry') : t('upload.resume')}>
            <Button
              size="small"
              type="text"
              aria-label={entry.state === 'failed' ? t('upload.retry') : t('upload.resume')}
              icon={entry.state === 'failed' ? <RedoOutlined /> : <CaretRightOutlined />}
              onClick={() => uploads.resume(entry.id)}
            />
          </Tooltip>
        ) : null,
        ACTIVE.has(entry.state) ? (
          <Tooltip key="cancel" title={t('upload.cancel')}>
            <Button size="small" type="text" danger aria-label={t('upload.cancel')} icon={<CloseOutlined />} onClick={() => uploads.cancel(entry.id)} />
          </Tooltip>
        ) : null,
      ].filter(Boolean)}
    >
      <List.Item.Meta
        avatar={<FileTypeIcon name={entry.name} size={20} />}
        title={
          <Typography.Text ellipsis={{ tooltip: entry.name }} style={{ maxWidth: 240 }}>
            {entry.name}
          </Typography.Text>
        }
        description={
          <>
            <Progress percent={percent} size="small" status={status} showInfo={false} />
            <Typography.Text type={entry.state === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {entry.state === 'failed' && entry.error ? errorText(entry.error) : detail}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
});
