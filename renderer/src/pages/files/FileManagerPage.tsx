import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import FileManager from '../../features/files/FileManager';

/** A whole number from the address, or undefined. */
const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * /file: the file manager, filling the window below the header. `?folder=3&file=9` opens folder 3 with file 9
 * selected (the search across the console links a file so).
 */
export default function FileManagerPage() {
  const { t } = useTranslation('files');
  const [params] = useSearchParams();
  const folder = idParam(params.get('folder'));
  const file = idParam(params.get('file'));
  return (
    <Card title={t('title')} styles={{ body: { height: 'calc(100vh - 56px - 48px - 58px)', minHeight: 420, paddingTop: 12 } }}>
      {/* Another address (a second search result while here) opens the manager anew where it points. */}
      <FileManager key={`${folder ?? ''}:${file ?? ''}`} mode="page" initialFolderId={folder} initialFileId={file} />
    </Card>
  );
}
