import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export type ExportFormat = 'csv' | 'xlsx' | 'json';

const LABELS: Record<ExportFormat, string> = { csv: 'exportCsv', xlsx: 'exportExcel', json: 'exportJson' };

/** A list's export button: CSV or Excel (or the `formats` it offers) of every row matching its filters (./export.ts writes them). */
export function ExportMenu<F extends ExportFormat = 'csv' | 'xlsx'>({ onExport, busy, formats = ['csv', 'xlsx'] as F[] }: { onExport: (format: F) => void; busy?: boolean; formats?: readonly F[] }) {
  const { t } = useTranslation('resources');
  return (
    <Dropdown
      disabled={busy}
      menu={{
        items: formats.map((format) => ({ key: format, label: t(LABELS[format]) })),
        onClick: ({ key }) => onExport(key as F),
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
