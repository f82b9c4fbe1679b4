import { PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { advertisementFile, advertisementTitle } from '../../../../shared/resources/advertisement';
import { useWorkspace } from '../../core/workspace';
import { sizedFileUrl } from '../../features/files/urls';
import { ChildCollection } from '../../resources/ChildCollections';
import { createDataProvider, type Row } from '../../resources/dataProvider';
import { ResourceEditPage } from '../../resources/ResourcePages';
import { MediaPlayer } from './MediaPlayer';

/** How long a screen shows an image before the next file (media plays to its end). */
export const IMAGE_SECONDS = 8;

const isSet = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/**
 * What a screen on this floor and area plays, in order, as the screen would: an image for IMAGE_SECONDS, a video
 * or music to its end, then the next, round and round. Previous/next step by hand.
 */
function ScreenPreview({ floor, area, onClose }: { floor: number; area: number; onClose(): void }) {
  const { t } = useTranslation('media');
  const { websiteId, language } = useWorkspace();
  const [files, setFiles] = useState<Row[] | null>(null);
  const [at, setAt] = useState(0);
  useEffect(() => {
    createDataProvider(advertisementFile, { websiteId, language })
      .getList({ filters: { floor, area }, pageSize: 10_000 })
      .then(
        (result) => setFiles(result.data),
        () => setFiles([]),
      );
  }, [websiteId, language, floor, area]);
  const count = files?.length ?? 0;
  const next = () => count && setAt((i) => (i + 1) % count);
  const current = files?.[at];
  useEffect(() => {
    if (current?.type !== 0) return;
    const timer = setTimeout(next, IMAGE_SECONDS * 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart the image's time when the file changes
  }, [current]);
  return (
    <Modal open title={t('previewTitle', { floor, area })} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="screen-preview">
        {files === null ? null : !current ? (
          <Empty description={t('noScreenFiles')} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} align="center">
            <div style={{ width: 640, height: 360, background: '#000', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              {current.type === 0 ? (
                <img data-testid="preview-image" src={sizedFileUrl(String(current.url), { width: 640, height: 360, fit: 'inside' })} alt="" style={{ maxWidth: '100%', maxHeight: '100%' }} />
              ) : (
                <PreviewMedia url={String(current.url)} onEnded={next} />
              )}
            </div>
            <Space>
              <Button onClick={() => setAt((i) => (i - 1 + count) % count)}>{t('previous')}</Button>
              <Typography.Text data-testid="preview-position">{t('position', { at: at + 1, count })}</Typography.Text>
              <Button onClick={next}>{t('next')}</Button>
            </Space>
          </Space>
        )}
      </div>
    </Modal>
  );
}

/** A video or music played to its end in the preview, then the next file. */
function PreviewMedia({ url, onEnded }: { url: string; onEnded(): void }) {
  return <MediaPlayer key={url} url={url} width={640} onEnded={onEnded} autoPlay />;
}

/**
 * /advertisement/add, /advertisement/{id} ("Chi tiết Màn hình chờ"): the generic editor (title fixed once
 * created; floor and area required; background image), and once the screen has a floor and an area, the files
 * of that floor and area in order, with a preview of what the screen plays.
 */
export default function WaitingScreenPage() {
  const { t } = useTranslation('media');
  const [previewing, setPreviewing] = useState(false);
  return (
    <ResourceEditPage
      def={advertisementTitle}
      renderChildren={(id, record) => {
        const floor = record?.floor;
        const area = record?.area;
        if (id === undefined || !isSet(floor) || !isSet(area)) return <Alert type="info" showIcon message={t('filesAfterFloorArea')} />;
        return (
          <Card>
            <ChildCollection
              def={advertisementFile}
              params={{ floor, area }}
              adapter={{ toBody: (body) => ({ ...body, floor, area }) }}
              headerTitle={t('screenFiles', { floor, area })}
              toolbar={[
                <Button key="preview" icon={<PlayCircleOutlined />} onClick={() => setPreviewing(true)}>
                  {t('preview')}
                </Button>,
              ]}
            />
            {previewing && <ScreenPreview floor={floor as number} area={area as number} onClose={() => setPreviewing(false)} />}
          </Card>
        );
      }}
    />
  );
}
