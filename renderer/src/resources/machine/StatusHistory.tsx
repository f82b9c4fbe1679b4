import { Card, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateOf, type StatusMachine } from '../../../../shared/resources/machine';
import { formatDateTime } from '../../core/dates';
import type { Row } from '../dataProvider';
import { currentUi } from '../labels';

/** One entry of a record's `statusHistory` (a machine with `history`): who moved it where, when, and why. */
export interface StatusEntry {
  status: unknown;
  reason?: string | null;
  userFullName?: string | null;
  time?: string;
}

/**
 * A state as its name in its colour (Nháp, Chờ duyệt…). `record` with `withReason`: the reason of the move that
 * brought it there after the name ("Đã huỷ: Khách đổi lịch").
 */
export function StatusTag({ machine, value, record, withReason, testId = 'status-tag' }: { machine: StatusMachine; value?: unknown; record?: Row | null; withReason?: boolean; testId?: string }) {
  useTranslation('resources');
  const state = stateOf(machine, record ? record[machine.field] : value);
  if (!state) return null;
  const reason = withReason && record && machine.reason ? record[machine.reason.field] : undefined;
  return (
    <Tag color={state.color} data-testid={testId}>
      {state.label[currentUi()]}
      {typeof reason === 'string' && reason ? `: ${reason}` : ''}
    </Tag>
  );
}

/** The record's status history, oldest first: each state with who and when, and the reason given. */
export function StatusHistory({ machine, entries }: { machine: StatusMachine; entries: readonly StatusEntry[] | undefined }) {
  const { t } = useTranslation('resources');
  if (!entries?.length) return null;
  return (
    <Card title={t('machine.history')} size="small" data-testid="status-history">
      <Timeline
        items={entries.map((entry, i) => ({
          key: i,
          children: (
            <>
              <StatusTag machine={machine} value={entry.status} /> <Typography.Text strong>{entry.userFullName || t('machine.unknownUser')}</Typography.Text>{' '}
              <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>
              {entry.reason ? <div>{t('machine.reason', { reason: entry.reason })}</div> : null}
            </>
          ),
        }))}
      />
    </Card>
  );
}

/** A record's history as it travels: `statusHistory` of the detail (absent on list rows). */
export const historyOf = (record: Row | null | undefined): StatusEntry[] => (Array.isArray(record?.statusHistory) ? (record.statusHistory as StatusEntry[]) : []);
