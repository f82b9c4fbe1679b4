import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export type ExportFormat = 'csv' | 'xlsx';

/** A list's export button: CSV or Excel of every row matching its filters (./export.ts writes them). */
export function ExportMenu({ onExport, busy }: { onExport: (format: ExportFormat) => void; busy?: boolean }) {
  const { t } = useTranslation('resources');
  return (
    <Dropdown
      disabled={busy}
      menu={{
        items: [
          { key: 'csv', label: t('exportCsv') },
          { key: 'xlsx', label: t('exportExcel') },
        ],
        onClick: ({ key }) => onExport(key as ExportFormat),
      }}
    >
      <Tooltip title={t('exportNote')}>
        <Button icon={<DownloadOutlined />} loading={busy}>
          {t('export')}
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
