import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, isAudioName, isImageName, isVideoName } from './fileTypes';
import { FileTypeIcon } from './ItemIcon';
import type { FileItem } from './types';
import { resolveFileUrl } from './urls';

/** A file opened from the manager: the image, video or sound itself, its address and a download button. */
export default function PreviewModal({ file, onClose, onDownload }: { file: FileItem | null; onClose(): void; onDownload(file: FileItem): void }) {
  const { t } = useTranslation('files');
  const src = resolveFileUrl(file?.url);
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
            {isImageName(file.name) ? (
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
