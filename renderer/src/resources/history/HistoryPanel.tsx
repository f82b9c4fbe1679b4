import { HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Drawer, Empty, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../shared/resources/define';
import type { LanguageRef } from '../../../../shared/resources/validate';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../core/dates';
import { confirmDecision } from '../../core/dialogs';
import { notifyError, notifySuccess } from '../../core/notices';
import { useWorkspace } from '../../core/workspace';
import { useAccess } from '../access';
import type { Id, Row } from '../dataProvider';
import { operationLabel } from './labels';
import { fetchHistory, restoreVersion, type HistoryTarget } from './api';
import { ChangeView } from './ChangeView';
import { historyAccess, restorable, type HistoryEntry } from './model';

/**
 * "Lịch sử" / "History" of one record (issue 29): a button that opens a drawer with the record's versions, newest
 * first, a page at a time — who and when, what was done, and its changes as the form shows them (./ChangeView.tsx,
 * the audit log's view too) — and "Khôi phục phiên bản này" / "Restore this version" on the versions that can be gone back to.
 */
export interface HistoryRestore {
  /** The form's current concurrency stamp (the restore is refused with 409 if the record changed since). */
  stamp(): string | undefined;
  /** The form holds unsaved edits: the confirmation says they will be lost. */
  isDirty(): boolean;
  /** Why the record cannot be changed now (a pending news item): restore is disabled, saying so. */
  lockedReason?: string;
  /** After a restore (the record as saved) or a 409: the form shows the record as it now is. */
  onRestored(record?: Row): Promise<void> | void;
}

export interface HistoryButtonProps {
  def: ResourceDef;
  /** The record's id; no button before the record exists. */
  id: Id | undefined;
  /** The record as the form has it (for access rules that look at the record). */
  record?: Row | null;
  /** The form's languages, for the language names of per-language fields. */
  languages: readonly LanguageRef[];
  /** Offered only when the screen can take a restored record back into its form; and only to who may update. */
  restore?: HistoryRestore;
}

const PAGE_SIZE = 10;
/** Entries of a person's data read (administrators see them): never the current version. */
const READS = new Set(['view', 'export']);

export function HistoryButton({ def, id, record, languages, restore }: HistoryButtonProps) {
  const { t } = useTranslation('history');
  const { websiteId } = useWorkspace();
  const access = useAccess(def);
  const [open, setOpen] = useState(false);
  // Hidden for who may not read the record; nothing to show before it exists or outside a website.
  const may = historyAccess(def, access.user, record);
  if (id === undefined || websiteId === null || !may.read) return null;
  const mayRestore = restore && may.restore ? restore : undefined;
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} data-testid="history-button">
        {t('button')}
      </Button>
      <Drawer title={t('title')} open={open} onClose={() => setOpen(false)} width={Math.min(960, window.innerWidth - 48)} destroyOnClose data-testid="history-drawer">
        {open && <HistoryPanel target={{ def, id, websiteId }} languages={languages} restore={mayRestore} />}
      </Drawer>
    </>
  );
}

/** The versions of one record, newest first, with "load more". */
export function HistoryPanel({ target, languages, restore }: { target: HistoryTarget; languages: readonly LanguageRef[]; restore?: HistoryRestore }) {
  const { t } = useTranslation('history');
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [restoring, setRestoring] = useState<number | null>(null);
  // Only the latest request shows (a refresh after a restore supersedes a page still on its way).
  const ticket = useRef(0);
  const { def, id, websiteId } = target;

  /** Read a page; `keep`: the versions already shown (a further page adds to them, the first replaces them). */
  const load = useCallback(
    (page: number, keep: HistoryEntry[]) => {
      const mine = ++ticket.current;
      return fetchHistory({ def, id, websiteId }, page, PAGE_SIZE)
        .then(
          ({ data, total }) => {
            if (mine !== ticket.current) return;
            // An entry written between two pages shifts the pages: never show one twice.
            const seen = new Set(keep.map((e) => e.id));
            setEntries([...keep, ...data.filter((e) => !seen.has(e.id))]);
            setTotal(total);
          },
          () => undefined, // the API client has shown the server's message
        )
        .finally(() => mine === ticket.current && setLoading(false));
    },
    [def, id, websiteId],
  );

  // The first page when the drawer opens (state is set only in the request's callbacks).
  useEffect(() => {
    void load(1, []);
  }, [load]);

  async function restoreTo(entry: HistoryEntry) {
    if (!restore) return;
    const ok = await confirmDecision({
      title: t('restoreConfirm', { time: formatDateTime(entry.time) }),
      content: (
        <>
          <p>{t('restoreText')}</p>
          {restore.isDirty() && <Typography.Text type="warning" data-testid="history-restore-unsaved">{t('restoreUnsaved')}</Typography.Text>}
        </>
      ),
      okText: t('restore'),
    });
    if (!ok) return;
    setRestoring(entry.id);
    try {
      const record = await restoreVersion(target, entry.id, restore.stamp());
      notifySuccess(t('restored'));
      await restore.onRestored(record);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) return;
      // Someone saved meanwhile: nothing was restored; the form and the list show the record as it now is.
      notifyError(t('restoreConflict'));
      await restore.onRestored();
    } finally {
      setRestoring(null);
    }
    setLoading(true);
    await load(1, []);
  }

  if (!entries.length) {
    return loading ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : <Empty description={t('empty')} />;
  }
  // The current version: the newest entry that is no read (a `view` or `export` entry, administrators', changes nothing).
  const current = entries.findIndex((e) => !READS.has(e.operation));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="history-panel">
      {entries.map((entry, i) => (
        <VersionCard
          key={entry.id}
          def={def}
          entry={entry}
          newest={i === current}
          languages={languages}
          action={restore && restorable(entry, i === current, def) ? (
            <Tooltip title={restore.lockedReason ? t('restoreLocked', { reason: restore.lockedReason }) : undefined}>
              <Button
                size="small"
                icon={<RollbackOutlined />}
                loading={restoring === entry.id}
                disabled={restoring !== null || Boolean(restore.lockedReason)}
                onClick={() => void restoreTo(entry)}
                data-testid="history-restore"
              >
                {t('restore')}
              </Button>
            </Tooltip>
          ) : undefined}
        />
      ))}
      <Space>
        {entries.length < total && (
          <Button loading={loading} onClick={() => {
              setLoading(true);
              void load(Math.floor(entries.length / PAGE_SIZE) + 1, entries);
            }} data-testid="history-more">
            {t('loadMore')}
          </Button>
        )}
        <Typography.Text type="secondary">{t('count', { shown: entries.length, total })}</Typography.Text>
      </Space>
    </Space>
  );
}

/** Who: the user's name; the public intake, an integration key (its name) or the server itself. */
function ActorName({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('history');
  const { kind, fullName, clientAddress } = entry.actor;
  if (kind === 'user') return <Typography.Text strong>{fullName || t('actor.unknown')}</Typography.Text>;
  const label = kind === 'public' || kind === 'integration' || kind === 'system' ? t(`actor.${kind}`) : kind;
  return (
    <Typography.Text strong>
      {label}
      {kind === 'integration' && fullName ? `: ${fullName}` : ''}
      {kind === 'public' && clientAddress ? <Typography.Text type="secondary"> ({clientAddress})</Typography.Text> : null}
    </Typography.Text>
  );
}

function VersionCard({ def, entry, newest, languages, action }: { def: ResourceDef; entry: HistoryEntry; newest: boolean; languages: readonly LanguageRef[]; action?: ReactNode }) {
  const { t } = useTranslation('history');
  return (
    <Card
      size="small"
      data-testid="history-entry"
      data-operation={entry.operation}
      title={
        <Space wrap size="small">
          <Tag color={entry.operation === 'delete' ? 'red' : entry.operation === 'create' ? 'green' : 'blue'}>{operationLabel(entry.operation, def)}</Tag>
          <ActorName entry={entry} />
          <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>
          {newest && <Tag>{t('current')}</Tag>}
        </Space>
      }
      extra={action}
    >
      <ChangeView resource={def.name} def={def} operation={entry.operation} changes={entry.changes ?? []} languages={languages} />
    </Card>
  );
}
