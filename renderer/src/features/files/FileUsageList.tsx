import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileUsage } from './api';
import type { Entry } from './types';

const SHOWN = 8;

/** The delete confirmation's body when files are in use: per file, the records that show it (resource, field, id). */
export function FileUsageList({ items, usages }: { items: Entry[]; usages: FileUsage[] }) {
  const { t } = useTranslation('files');
  const nameOf = new Map(items.filter((e) => e.kind === 'file').map((e) => [e.id, e.name]));
  const shown = usages.slice(0, SHOWN);
  return (
    <div data-testid="file-usages">
      <Typography.Paragraph>{t('delete.inUse', { count: new Set(usages.map((u) => u.fileId)).size })}</Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20, margin: 0 }}>
        {shown.map((u) => (
          <li key={`${u.fileId}-${u.resource}-${u.id}-${u.field}`}>
            {t('delete.usage', { file: nameOf.get(u.fileId) ?? u.fileId, label: u.label, field: u.field, id: u.id })}
          </li>
        ))}
      </ul>
      {usages.length > SHOWN && <Typography.Text type="secondary">{t('delete.moreUsages', { count: usages.length - SHOWN })}</Typography.Text>}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('delete.keepsAddress')}
      </Typography.Paragraph>
    </div>
  );
}
