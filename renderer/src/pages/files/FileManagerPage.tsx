import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import FileManager from '../../features/files/FileManager';

/** /file: the file manager, filling the window below the header. */
export default function FileManagerPage() {
  const { t } = useTranslation('files');
  return (
    <Card title={t('title')} styles={{ body: { height: 'calc(100vh - 56px - 48px - 58px)', minHeight: 420, paddingTop: 12 } }}>
      <FileManager mode="page" />
    </Card>
  );
}
