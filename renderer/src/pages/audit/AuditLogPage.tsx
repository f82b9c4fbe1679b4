import { EyeOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { Button, DatePicker, Descriptions, Drawer, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cmsApi } from '../../api/client';
import { DATE_FORMAT, fileDate, formatDateTime, toWireDay } from '../../core/dates';
import { useWorkspace, type Website } from '../../core/workspace';
import { resources } from '../../../../shared/resources';
import type { ResourceDef } from '../../../../shared/resources/define';
import type { LanguageRef } from '../../../../shared/resources/validate';
import { localized } from '../../core/workspace/localized';
import { fetchLookup, lookupKey, readList, type Row } from '../../resources/dataProvider';
import { saveFile, toCsv, toJson, toXlsx, type ExportTable } from '../../resources/export';
import { FilterSelect } from '../../resources/FilterSelect';
import { ExportMenu, type ExportFormat } from '../../resources/ExportMenu';
import { useQuery } from '@tanstack/react-query';
import { serverRead } from '../../resources/queries';
import { useUrlFilters } from '../../resources/useUrlFilters';
import { ChangeSummary, ChangeView } from '../../resources/history/ChangeView';
import { changeLines, lineName, lineText } from '../../resources/history/changeView';
import { AreaFilter, EntryTable } from '../../resources/history/EntryTable';
import { actorLabel, areaLabel, operationLabel, operationOptions } from '../../resources/history/labels';
import type { HistoryEntry } from '../../resources/history/model';

/**
 * /audit-log, "Nhật ký hệ thống" (issue 29), administrators only (app/screens.ts; the server answers 403 to others):
 * every history entry of every website, sign-ins included, newest first (`GET /api/Audit`). Filters by person,
 * website, area, operation and dates, kept in the address like the other lists. Rows name the area as the navigation
 * does, the record by its title (a link to its screen) and sum up the changes; each entry opens its changes — the
 * History panel's view of them (resources/history/ChangeView.tsx) — and the exports (CSV, Excel, JSON) of every entry
 * matching the filters write the same words.
 */
export interface AuditEntry extends HistoryEntry {
  websiteId: number | null;
  resource: string;
  recordId: string;
  /** The record's title as the entry left it (server/history/audit-records.ts); null when nothing names it. */
  title?: string | null;
  /** The console screen that shows the record (with `?website=`); null after a delete. */
  route?: string | null;
}

/** The entry's definition, when its resource is one (a hand-written writer's — files, sign-ins — is not). */
const definitionOf = (resource: string): ResourceDef | undefined => (resources as Record<string, ResourceDef>)[resource];

/** The record as a person reads it: its title, else its id (a failed sign-in's account name). */
const recordName = (e: AuditEntry) => e.title || e.recordId;

/** The languages an entry's changes name, with their names where a website of the workspace has them. */
function languagesOf(entry: AuditEntry, websites: readonly Website[]): LanguageRef[] {
  const known = new Map(websites.flatMap((w) => w.websiteLanguages ?? []).map((l) => [l.languageId, l.name]));
  const ids = [...new Set(entry.changes.map((c) => c.language).filter((l): l is string => Boolean(l)))];
  return ids.map((languageId) => ({ languageId, name: known.get(languageId) || languageId }));
}

const USERS = 'core:useraccounts/get-all-employee';
/** The server's largest page; an export reads page after page, up to this many entries. */
const EXPORT_PAGE = 1000;
const EXPORT_MAX = 50_000;

type Filters = { userId?: number; website?: number; resource?: string; operation?: string; from?: string; to?: string };

async function readAudit(filters: Filters, page: number, pageSize: number): Promise<{ data: AuditEntry[]; total: number }> {
  const params: Record<string, unknown> = { page, pageSize };
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') params[name] = value;
  const response = await cmsApi.get('/Audit', { params });
  const list = readList(response.data);
  return { data: list.data as unknown as AuditEntry[], total: list.total };
}

export default function AuditLogPage() {
  const { t, i18n } = useTranslation(['audit', 'history', 'resources']);
  const { websites, language } = useWorkspace();
  const actionRef = useRef<ActionType>();
  const [urlFilters, , setFilters] = useUrlFilters({ userId: 'int', website: 'int', resource: 'text', operation: 'text', from: 'text', to: 'text' });
  const filters: Filters = useMemo(() => ({ ...urlFilters }), [urlFilters]);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  const users = useQuery({ queryKey: lookupKey(USERS, null), queryFn: serverRead((meta) => fetchLookup(USERS, { websiteId: null }, {}, meta)) });
  const userOptions = (users.data ?? []).map((u: Row) => ({ value: Number(u.id), label: String(u.fullName ?? u.userName ?? u.id) }));
  const websiteName = (id: number | null) => {
    if (id === null) return '';
    const site = websites.find((w) => String(w.id) === String(id));
    return site ? localized(site.name, i18n.language) || String(id) : String(id);
  };
  // Labels in the interface language, read again when it changes.
  const operations = useMemo(() => operationOptions(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const linesOf = (e: AuditEntry) => changeLines({ resource: e.resource, operation: e.operation, changes: e.changes, languages: languagesOf(e, websites), language });

  async function exportAs(format: ExportFormat) {
    setExporting(true);
    try {
      // Every entry matching the filters, page by page (the server answers at most 1000 at a time).
      const entries: AuditEntry[] = [];
      for (let page = 1; entries.length < EXPORT_MAX; page++) {
        const { data, total } = await readAudit(filters, page, EXPORT_PAGE);
        entries.push(...data);
        if (!data.length || entries.length >= total) break;
      }
      const name = `audit-log-${fileDate()}`;
      if (format === 'json') {
        // The same words as the screen, times in ISO 8601, each change a field's name and its two sides.
        const records = entries.map((e) => ({
          time: new Date(e.time).toISOString(),
          actor: actorLabel(e.actor),
          website: websiteName(e.websiteId),
          area: areaLabel(e.resource),
          record: recordName(e),
          recordId: e.recordId,
          operation: operationLabel(e.operation, definitionOf(e.resource)),
          changes: linesOf(e).map((line) => ({ field: lineName(line), before: line.before.text, after: line.after.text })),
        }));
        saveFile(toJson(records), 'application/json;charset=utf-8', `${name}.json`);
        return;
      }
      const table: ExportTable = {
        headers: [t('time'), t('actor'), t('website'), t('area'), t('record'), t('recordId'), t('operation'), t('changes')],
        rows: entries.map((e) => [
          new Date(e.time),
          actorLabel(e.actor),
          websiteName(e.websiteId),
          areaLabel(e.resource),
          recordName(e),
          e.recordId,
          operationLabel(e.operation, definitionOf(e.resource)),
          linesOf(e)
            .map((line) => lineText(line))
            .join('\n'),
        ]),
      };
      if (format === 'csv') saveFile(toCsv(table), 'text/csv;charset=utf-8', `${name}.csv`);
      else saveFile(await toXlsx(table, t('title')), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${name}.xlsx`);
    } finally {
      setExporting(false);
    }
  }

  /** The record's title, a link to its screen when it has one. */
  const recordCell = (e: AuditEntry) =>
    e.route ? (
      <Link to={e.route} data-testid="audit-record">
        {recordName(e)}
      </Link>
    ) : (
      <span data-testid="audit-record">{recordName(e)}</span>
    );

  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null = filters.from || filters.to ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] : null;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <EntryTable<AuditEntry>
        ns="audit"
        actionRef={actionRef}
        params={filters}
        read={(page, pageSize) => readAudit(filters, page, pageSize)}
        onOpen={setOpen}
        columns={(shared) => [
          shared.time,
          shared.actor,
          { key: 'website', title: t('website'), render: (_, e) => websiteName(e.websiteId) },
          shared.area,
          { key: 'record', title: t('record'), render: (_, e) => recordCell(e) },
          { key: 'operation', title: t('operation'), render: (_, e) => <Tag color={e.operation === 'delete' || e.operation === 'signInFailed' ? 'red' : e.operation === 'create' ? 'green' : 'blue'}>{operationLabel(e.operation, definitionOf(e.resource))}</Tag> },
          { key: 'changes', title: t('changes'), render: (_, e) => <ChangeSummary resource={e.resource} operation={e.operation} changes={e.changes} languages={languagesOf(e, websites)} /> },
          {
            key: '__actions',
            // Not "Thao tác" again (the operation's column): the button opens the entry's details.
            title: t('details'),
            width: 80,
            fixed: 'right',
            render: (_, e) => (
              <Tooltip title={t('openChanges')}>
                <Button type="text" size="small" icon={<EyeOutlined />} aria-label={t('openChanges')} onClick={() => setOpen(e)} />
              </Tooltip>
            ),
          },
        ]}
        toolbar={[
          <FilterSelect key="user" label={t('person')} search width={180} loading={users.isLoading} value={filters.userId} onChange={(userId) => setFilters({ userId })} options={userOptions} />,
          <FilterSelect
            key="website"
            label={t('website')}
            width={160}
            value={filters.website}
            onChange={(website) => setFilters({ website })}
            options={websites.map((w) => ({ value: Number(w.id), label: localized(w.name, i18n.language) || String(w.id) }))}
          />,
          <AreaFilter key="area" ns="audit" width={180} value={filters.resource} onChange={(resource) => setFilters({ resource })} />,
          <FilterSelect key="operation" label={t('operation')} search width={160} value={filters.operation} onChange={(operation) => setFilters({ operation })} options={operations} />,
          <DatePicker.RangePicker
            key="dates"
            aria-label={t('dates')}
            allowEmpty={[true, true]}
            format={DATE_FORMAT}
            value={range}
            onChange={(values) => setFilters({ from: values?.[0] ? toWireDay(values[0]) : undefined, to: values?.[1] ? toWireDay(values[1]) : undefined })}
          />,
          <ExportMenu key="export" busy={exporting} formats={['csv', 'xlsx', 'json']} onExport={(format) => void exportAs(format)} />,
        ]}
      />
      <Drawer open={Boolean(open)} onClose={() => setOpen(null)} width={760} title={t('changesTitle')} destroyOnClose>
        {open && (
          <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="audit-entry">
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('time')}>{formatDateTime(open.time)}</Descriptions.Item>
              <Descriptions.Item label={t('actor')}>
                {actorLabel(open.actor)}
                {open.actor.clientAddress ? ` (${open.actor.clientAddress})` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('website')}>{websiteName(open.websiteId)}</Descriptions.Item>
              <Descriptions.Item label={t('area')}>{areaLabel(open.resource)}</Descriptions.Item>
              <Descriptions.Item label={t('record')}>
                {recordCell(open)}
                {open.title && <Typography.Text type="secondary"> (#{open.recordId})</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label={t('operation')}>{operationLabel(open.operation, definitionOf(open.resource))}</Descriptions.Item>
            </Descriptions>
            <ChangeView resource={open.resource} operation={open.operation} changes={open.changes} languages={languagesOf(open, websites)} />
          </Space>
        )}
      </Drawer>
    </Space>
  );
}
