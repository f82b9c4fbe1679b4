import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isTransformable } from '../../../../shared/images';
import { formatBytes, isAudioName, isImageName, isVideoName } from './fileTypes';
import ImageDetails from './ImageDetails';
import { FileTypeIcon } from './ItemIcon';
import type { FileItem } from './types';
import { resolveFileUrl } from './urls';

/**
 * A file opened from the manager: the image with its details (focal point, alt texts: ImageDetails), the video or sound
 * itself, its address and a download button.
 */
export default function PreviewModal({
  file,
  onClose,
  onDownload,
  onChanged,
}: {
  file: FileItem | null;
  onClose(): void;
  onDownload(file: FileItem): void;
  /** The file as the server answered a change of its details (a new concurrency stamp). */
  onChanged(file: FileItem): void;
}) {
  const { t } = useTranslation('files');
  const src = resolveFileUrl(file?.url);
  const image = file ? (file.contentType ? isTransformable(file.contentType) : isImageName(file.name)) : false;
  return (
    <Modal
      open={Boolean(file)}
      title={file?.name}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="download" icon={<DownloadOutlined />} onClick={() => file && onDownload(file)}>
          {t('download')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('close')}
        </Button>,
      ]}
    >
      {file && (
        <>
          <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 16 }}>
            {image ? (
              <div style={{ width: '100%' }}>
                <ImageDetails key={file.id} file={file} onSaved={onChanged} />
              </div>
            ) : isImageName(file.name) ? (
              <img src={src} alt={file.name} style={{ maxWidth: '100%', maxHeight: 420, objectFit: 'contain' }} />
            ) : isVideoName(file.name) ? (
              <video src={src} controls style={{ maxWidth: '100%', maxHeight: 420 }} />
            ) : isAudioName(file.name) ? (
              <audio src={src} controls style={{ width: '100%' }} />
            ) : (
              <FileTypeIcon name={file.name} size={96} />
            )}
          </div>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('size')}>{formatBytes(file.size)}</Descriptions.Item>
            {file.width && file.height ? <Descriptions.Item label={t('image.dimensions')}>{`${file.width} × ${file.height} px`}</Descriptions.Item> : null}
            <Descriptions.Item label={t('address')}>
              <Typography.Text copyable={{ text: file.url }} style={{ wordBreak: 'break-all' }}>
                {file.url}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
