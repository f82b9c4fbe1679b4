import { ImportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../shared/resources/define';
import type { Id } from '../dataProvider';

// The dialog (and, when a file is read, papaparse or exceljs) loads when it is opened: lists do not pay for it.
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/** "Nhập từ tệp / Import" on a list whose definition declares `import` (the list shows it to who may create). */
export function ImportButton({ def, parentId, keys }: { def: ResourceDef; parentId?: Id; keys?: Record<string, Id> }) {
  const { t } = useTranslation('resources');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        {t('import.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog def={def} parentId={parentId} keys={keys} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
