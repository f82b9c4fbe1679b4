import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMemo, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../core/dates';
import { DEFAULT_PAGE_SIZES } from '../ResourceList';
import { FilterSelect } from '../FilterSelect';
import { actorLabel, areaLabel, areaOptions } from './labels';
import type { HistoryActor } from './model';

/** What the audit log's and the trash's rows have in common: an id, the area, who and when. */
export interface EntryRow {
  id: number;
  resource: string;
  actor: HistoryActor;
  time: string;
}

/**
 * A page of history entries (the audit log's writes, the trash's deletions), newest first, read a page at a time with
 * the filters in `params`; 25 a page by default. `columns` places the columns the two share (`area`, `actor`, `time`,
 * titled in the page's namespace `ns`: "Deleted by" in the trash) among its own.
 */
export function EntryTable<T extends EntryRow>({
  ns,
  actionRef,
  params,
  read,
  columns,
  toolbar,
  onOpen,
}: {
  ns: 'audit' | 'trash';
  actionRef: MutableRefObject<ActionType | undefined>;
  params: Record<string, unknown>;
  read: (page: number, pageSize: number) => Promise<{ data: T[]; total: number }>;
  columns: (shared: Record<'area' | 'actor' | 'time', ProColumns<T>>) => ProColumns<T>[];
  toolbar: ReactNode[];
  onOpen?: (row: T) => void;
}) {
  const { t } = useTranslation(ns);
  const shared: Record<'area' | 'actor' | 'time', ProColumns<T>> = {
    area: { key: 'area', title: t('area'), render: (_, e) => areaLabel(e.resource) },
    actor: { key: 'actor', title: t('actor'), render: (_, e) => actorLabel(e.actor) },
    time: { key: 'time', title: t('time'), render: (_, e) => formatDateTime(e.time), width: 150 },
  };
  return (
    <ProTable<T>
      rowKey="id"
      actionRef={actionRef}
      params={params}
      search={false}
      cardBordered
      options={{ reload: true, density: true, setting: true }}
      pagination={{ pageSizeOptions: DEFAULT_PAGE_SIZES, defaultPageSize: 25, showSizeChanger: true }}
      scroll={{ x: true }}
      request={async ({ current = 1, pageSize = 25 }) => ({ ...(await read(current, pageSize)), success: true })}
      onRow={onOpen ? (entry) => ({ onDoubleClick: () => onOpen(entry) }) : undefined}
      columns={columns(shared)}
      toolBarRender={() => toolbar}
    />
  );
}

/** The area filter of an entry table: every area an entry can name, by its label in the interface language. */
export function AreaFilter({ ns, value, onChange, width }: { ns: 'audit' | 'trash'; value: string | undefined; onChange: (resource: string | undefined) => void; width: number }) {
  const { t, i18n } = useTranslation(ns);
  const areas = useMemo(() => areaOptions(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  return <FilterSelect label={t('area')} search width={width} value={value} onChange={onChange} options={areas} />;
}
