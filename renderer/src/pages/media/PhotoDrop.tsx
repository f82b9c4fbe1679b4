import { CloudUploadOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { Alert, Button, Card, Progress } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { albumPhoto } from '../../../../shared/resources/album';
import { stringifyTranslations } from '../../../../shared/resources/translations';
import { notifyError, notifySuccess } from '../../core/notices';
import { useWorkspace } from '../../core/workspace';
import { inputAccept, refusalFor } from '../../features/files/fileTypes';
import { uploadAndWait } from '../../features/files/uploadAndWait';
import { useDesktopDrop } from '../../features/files/useDesktopDrop';
import { uploads, useUploads } from '../../features/files/uploads';
import { ROOT_ID } from '../../features/files/types';
import { createDataProvider, type Id } from '../../resources/dataProvider';
import { workspaceLanguages } from '../../resources/languages';

const baseName = (name: string) => name.replace(/\.[^.]+$/, '');

/**
 * An album's photo grid that takes image files dropped from the desktop (or chosen with the button): they upload
 * through the console's one upload queue (the file manager's engine: chunked, resumable, native on the desktop)
 * into the file manager's root, then become photos in the order they were dropped, after the album's last one,
 * active, titled by their file name in every language. The files stay in the file manager.
 */
export function PhotoDrop({ albumId, children }: { albumId: Id; children(actionRef: React.MutableRefObject<ActionType | undefined>): ReactNode }) {
  const { t } = useTranslation('media');
  const { t: tf } = useTranslation('files');
  const workspace = useWorkspace();
  const actionRef = useRef<ActionType>();
  const input = useRef<HTMLInputElement>(null);
  /** The uploads of the current drop (ids on the queue), and the step it is at. */
  const [work, setWork] = useState<{ names: string[]; step: 'upload' | 'save' } | null>(null);
  const entries = useUploads();

  const add = async (files: File[]) => {
    if (work) return;
    const images = files.filter((file) => {
      const refusal = refusalFor(file, 'image');
      if (refusal) notifyError(tf(`refused.${refusal.reason}`, refusal));
      return !refusal;
    });
    if (!images.length) return;
    setWork({ names: images.map((f) => f.name), step: 'upload' });
    try {
      const stored = await uploadAndWait(uploads, images, ROOT_ID);
      setWork({ names: images.map((f) => f.name), step: 'save' });
      const provider = createDataProvider(albumPhoto, { websiteId: workspace.websiteId, language: workspace.language });
      const existing = (await provider.getList({ parentId: albumId, pageSize: 10_000 })).data;
      let order = existing.reduce((max, row) => Math.max(max, Number(row.order) || 0), 0);
      const languages = workspaceLanguages(workspace.languages).map((l) => l.languageId);
      let added = 0;
      for (const [i, file] of stored.entries()) {
        if (!file) continue;
        const title = stringifyTranslations(Object.fromEntries(languages.map((l) => [l, baseName(images[i].name)])));
        await provider.create({ parentId: albumId, values: { title, url: file.url, order: (order += 1), isActive: true } });
        added += 1;
      }
      if (added) notifySuccess(t('photosAdded', { count: added }));
      if (added < images.length) notifyError(t('photosFailed', { count: images.length - added }));
    } finally {
      // Each photo added invalidated the album's photos in the query cache: the grid reads them again by itself.
      setWork(null);
    }
  };

  const drop = useDesktopDrop((files) => void add(files));
  const sent = work ? entries.filter((e) => work.names.includes(e.name) && e.state !== 'cancelled') : [];
  const total = sent.reduce((sum, e) => sum + e.totalBytes, 0);
  const percent = total ? Math.round((100 * sent.reduce((sum, e) => sum + e.bytesSent, 0)) / total) : 0;

  return (
    <Card
      data-testid="photo-drop"
      style={drop.over ? { outline: '2px dashed #1677ff', outlineOffset: -2 } : undefined}
      {...drop.handlers}
    >
      <Alert
        type={work ? 'warning' : 'info'}
        showIcon
        icon={<CloudUploadOutlined />}
        style={{ marginBottom: 12 }}
        message={work ? (work.step === 'upload' ? t('uploadingPhotos', { count: work.names.length }) : t('savingPhotos', { count: work.names.length })) : t('dropPhotos')}
        description={work?.step === 'upload' ? <Progress percent={percent} size="small" /> : undefined}
        action={
          <Button size="small" disabled={Boolean(work)} onClick={() => input.current?.click()}>
            {t('choosePhotos')}
          </Button>
        }
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="photo-input"
        accept={inputAccept('image')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void add(files);
        }}
      />
      {children(actionRef)}
    </Card>
  );
}
