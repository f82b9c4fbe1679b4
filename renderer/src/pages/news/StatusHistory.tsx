import { Card, Tag, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../core/dates';
import { useTranslation } from 'react-i18next';
import { NEWS_STATUS_OPTIONS } from '../../../../shared/editorial';
import { currentUi } from '../../resources/labels';

export interface StatusEntry {
  status: number;
  reason?: string | null;
  userFullName?: string | null;
  time?: string;
}

/** A status as its name in its colour (Draft, Pending, Approved, Declined). */
export function StatusTag({ status }: { status: unknown }) {
  const option = NEWS_STATUS_OPTIONS.find((o) => o.value === status);
  if (!option) return null;
  return (
    <Tag color={option.color} data-testid="status-tag">
      {option.label[currentUi()]}
    </Tag>
  );
}

/** Who moved the item to which status, when, and why (decline reasons), oldest first. */
export function StatusHistory({ entries }: { entries: readonly StatusEntry[] }) {
  const { t } = useTranslation('news');
  if (!entries.length) return null;
  return (
    <Card title={t('history.title')} size="small" data-testid="status-history">
      <Timeline
        items={entries.map((entry, i) => ({
          key: i,
          children: (
            <>
              <StatusTag status={entry.status} /> <Typography.Text strong>{entry.userFullName || t('history.unknownUser')}</Typography.Text>{' '}
              <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>
              {entry.reason ? <div>{t('history.reason', { reason: entry.reason })}</div> : null}
            </>
          ),
        }))}
      />
    </Card>
  );
}
