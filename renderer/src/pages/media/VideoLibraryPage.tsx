import { UploadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Alert, Button, Space, Typography } from 'antd';
import { formatDateTime } from '../../core/dates';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../core/notices';
import { fetchVideos } from '../../features/files/api';
import { extensionOf, formatBytes, refusalFor } from '../../features/files/fileTypes';
import { useDesktopDrop } from '../../features/files/useDesktopDrop';
import { uploads } from '../../features/files/uploads';
import UploadPanel from '../../features/files/UploadPanel';
import { ROOT_ID, type FileItem } from '../../features/files/types';
import { resolveFileUrl } from '../../features/files/urls';
import { formatDuration, MediaPlayer } from './MediaPlayer';

type Video = FileItem & { folderName: string | null };

/** The library takes videos: .mp4 (music belongs to advertisements, from the file manager). */
const isMp4 = (name: string) => extensionOf(name) === 'mp4';

/** The duration the file's header tells (read with the metadata alone), or nothing when it does not say. */
function Duration({ url }: { url: string }) {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    const probe = document.createElement('video');
    probe.preload = 'metadata';
    const done = () => Number.isFinite(probe.duration) && setSeconds(probe.duration);
    probe.addEventListener('loadedmetadata', done);
    probe.src = resolveFileUrl(url) ?? '';
    return () => {
      probe.removeEventListener('loadedmetadata', done);
      probe.removeAttribute('src');
      probe.load();
    };
  }, [url]);
  return <span data-testid="video-duration">{seconds === null ? '—' : formatDuration(seconds)}</span>;
}

/**
 * /video: every .mp4 of the file store, wherever it sits, newest first: a player, its size and duration. Videos
 * dropped on the page (or chosen) upload through the file manager's engine (chunked, resumable; native on the
 * desktop) into the root folder, and show up when they are assembled.
 */
export default function VideoLibraryPage() {
  const { t } = useTranslation('media');
  const { t: tf } = useTranslation('files');
  const actionRef = useRef<ActionType>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => uploads.onCompleted((entry) => entry.file && isMp4(entry.file.name) && void actionRef.current?.reload()), []);

  const add = (files: File[]) => {
    const videos = files.filter((file) => {
      const refusal = isMp4(file.name) ? refusalFor(file, 'media') : { reason: 'type' as const, name: file.name, allowed: 'mp4' };
      if (refusal) notifyError(tf(`refused.${refusal.reason}`, refusal));
      return !refusal;
    });
    if (videos.length) uploads.enqueue(videos, ROOT_ID).catch((error: unknown) => notifyError(String((error as Error)?.message ?? error)));
  };
  const drop = useDesktopDrop(add);
  const choose = () => {
    if (!uploads.chooseFiles) return input.current?.click();
    uploads.chooseFiles(ROOT_ID, { title: t('uploadVideos'), accept: isMp4 }).then(
      ({ refused }) => refused.forEach((name) => notifyError(tf('refused.type', { name, allowed: 'mp4' }))),
      (error: unknown) => notifyError(String((error as Error)?.message ?? error)),
    );
  };

  const columns: ProColumns<Video>[] = [
    { title: t('name'), dataIndex: 'name', ellipsis: true },
    { title: t('preview'), key: 'player', search: false, width: 260, render: (_, row) => <MediaPlayer url={row.url} /> },
    { title: t('size'), dataIndex: 'size', search: false, width: 110, render: (_, row) => formatBytes(row.size) },
    { title: t('duration'), key: 'duration', search: false, width: 100, render: (_, row) => <Duration url={row.url} /> },
    { title: t('folder'), dataIndex: 'folderName', search: false, width: 160, render: (_, row) => row.folderName ?? tf('root', { defaultValue: '/' }) },
    { title: t('uploadedAt'), dataIndex: 'createTime', search: false, width: 160, render: (_, row) => formatDateTime(row.createTime) },
  ];

  return (
    <div
      data-testid="video-library"
      style={drop.over ? { outline: '2px dashed #1677ff', outlineOffset: 4 } : undefined}
      {...drop.handlers}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
          {t('videoLibrary')}
        </Typography.Title>
        <Alert type="info" showIcon message={t('dropVideos')} />
        <ProTable<Video>
          rowKey="id"
          actionRef={actionRef}
          columns={columns}
          search={false}
          options={{ reload: true, density: false, setting: false, search: { placeholder: t('searchName') } }}
          pagination={{ defaultPageSize: 20, pageSizeOptions: [10, 20, 50, 100], showSizeChanger: true }}
          request={async ({ current = 1, pageSize = 20, keyword }) => {
            const { data, totalRows } = await fetchVideos({ page: current, pageSize, keyword: typeof keyword === 'string' ? keyword : undefined });
            return { data, total: totalRows, success: true };
          }}
          toolBarRender={() => [
            <Button key="upload" type="primary" icon={<UploadOutlined />} onClick={choose}>
              {t('uploadVideos')}
            </Button>,
          ]}
        />
      </Space>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="video-input"
        accept=".mp4"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          add(files);
        }}
      />
      <UploadPanel floating />
    </div>
  );
}
