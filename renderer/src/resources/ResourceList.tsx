import { EditOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, useIntl, type ActionType, type IntlType, type ProColumns } from '@ant-design/pro-components';
import { Button, Dropdown, Space, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState, type Key, type MouseEvent, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ResourceDef } from '../../../shared/resources/define';
import { notifyError, notifySuccess } from '../core/notices';
import { ApiError } from '../api/client';
import { withInlineEditing } from './inlineEdit';
import { deleteRecord } from './deleteRecord';
import { useWorkspace } from '../core/workspace';
import { buildColumns, listFields, type ColumnLabels } from './columns';
import { createDataProvider, idOf, listKey, type Id, type ListParams, type Row } from './dataProvider';
import { useWatchedRead } from './queryHooks';
import { exportFileName, exportTable, saveFile, toCsv, toXlsx } from './export';
import { ExportMenu } from './ExportMenu';
import { ImportButton } from './import/ImportButton';
import { fieldLabel, optionLabel, resourceTitle } from './labels';
import { useListEmpty } from './ListEmpty';
import { groupRows, isGroupRow } from './grouping';
import { buildTree, treePage, type TreePage, type TreeRow } from './tree';
import { useAccess } from './access';
import { useListShortcuts } from './shortcuts';
import { useHiddenFields } from './permissions';
import { BulkBar, BulkOutcomeAlert, useBulkChoices, type BulkOutcome } from './bulk/BulkBar';

/** The words of list cells and row actions, in the interface language. */
export function columnLabels(t: TFunction<'resources'>): ColumnLabels {
  return {
    yes: t('yes'),
    no: t('no'),
    info: t('info'),
    delete: t('delete'),
    deleteConfirm: t('deleteConfirm'),
    actions: t('actions'),
    missing: (names) => t('missing', { languages: names }),
    ok: t('ok'),
    cancel: t('cancel'),
  };
}

/** The pager's "1-3 trên 3 mục" in ProTable's words for the interface language. */
const rangeText = (intl: IntlType, from: number, to: number, total: number) =>
  `${intl.getMessage('pagination.total.range', '')} ${from}-${to} ${intl.getMessage('pagination.total.total', 'of')} ${total} ${intl.getMessage('pagination.total.item', 'items')}`.trim();

/** Page sizes of the spec (section 9): 10/25/50/100, default 10, unless the definition says otherwise. */
export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100];

export interface ResourceListProps {
  def: ResourceDef;
  /** For a child collection: the parent record's id. */
  parentId?: Id;
  /** For a nested child collection: the keys of further ancestors in its paths. */
  keys?: Record<string, Id>;
  /** Opens the detail (info button, double-click). Absent: no info button. */
  onOpen?: (row: Row) => void;
  /** Add button. Absent: no add button. */
  onAdd?: () => void;
  /** The table's reload handle, for callers that save elsewhere (popups). */
  actionRef?: MutableRefObject<ActionType | undefined>;
  /** After a delete (e.g. to refresh the header's website list). */
  onChanged?: () => void;
  rowLanguages?: (row: Row) => readonly { languageId: string; name?: string }[] | undefined;
  headerTitle?: ReactNode;
  /** Smaller chrome for child collections below a form. */
  compact?: boolean;

  // ---- slots: what a screen adds to the generic list ----
  /**
   * The columns as shown, from the definition's (info/delete last): add columns around them, wrap the actions
   * column (review buttons), render a cell differently.
   */
  columns?: (generic: ProColumns<Row>[]) => ProColumns<Row>[];
  /** Toolbar items before export and add (filters the screen keeps, e.g. in the address). */
  toolbar?: ReactNode[];
  /** Query values beyond the keyword and the search panel (the toolbar's filters); the list reloads when they change. */
  params?: Row;
  /** Right-click on a row (a screen's context menu). */
  onContextMenu?: (row: Row, event: MouseEvent) => void;
  /** Rows grouped under header rows by this field's value (kept in the server's order), e.g. the sick list's letter. */
  groupBy?: string;
  /** Text of a group's header row. */
  groupTitle?: (value: string, count: number) => ReactNode;
  /** The export button (default: shown). */
  exportable?: boolean;
  /** A detail row under each row, opened with its expand button (master-detail, e.g. a banner's items). */
  expandedRow?: (row: Row) => ReactNode;
  /** The default context menu's entry (default "Chi tiết"), e.g. "Chi tiết Banner". */
  openLabel?: ReactNode;
  /**
   * One selected row opening onto its detail below it (master-detail without an expand column, e.g. a team member's
   * card): a click on a row selects it.
   */
  selection?: { id: Id | null; onSelect: (row: Row) => void; render: (row: Row) => ReactNode };
  /** Each page as loaded, with the query it was read with (a screen's own export, its first row selected). */
  onLoad?: (page: { rows: Row[]; total: number; keyword?: string; filters: Record<string, unknown> }) => void;
}

/**
 * The generic list (ProTable) of a resource: columns and search form from the definition, server paging,
 * keyword box (or the search panel), info/delete per row, double-click to open, add, refresh, export.
 */
export function ResourceList(props: ResourceListProps) {
  const { def, parentId, keys, onOpen, actionRef: externalRef, onChanged, rowLanguages, headerTitle, compact, groupBy, selection } = props;
  const { t } = useTranslation(['resources', 'bulk']);
  // What the definition's access lets this user do (./access.ts): add, delete and quick-edit follow it.
  const access = useAccess(def);
  // Nothing about a record yet decides whether one may be added: the button is there or not.
  const onAdd = access.can('create').allowed ? props.onAdd : undefined;
  const { websiteId, language, languages } = useWorkspace();
  const ownRef = useRef<ActionType>();
  const actionRef = externalRef ?? ownRef;
  const keyText = JSON.stringify(keys ?? {});
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keys by value
  const provider = useMemo(() => createDataProvider(def, { websiteId, language, keys }), [def, websiteId, language, keyText]);
  const lastQuery = useRef<{ keyword?: string; filters: Record<string, unknown> }>({ filters: {} });
  // Read through the query client (./queries.ts), and read again when a write (here, in a popup, anywhere in the console) or the
  // server's change number makes the page shown stale: no reload after each save.
  const read = useWatchedRead(() => void actionRef.current?.reload());
  const readList = (params: Omit<ListParams, 'meta'>) => read(listKey(def, { websiteId, language, keys }, params), (meta) => provider.getList({ ...params, meta }));
  const searchPanel = Boolean(def.list?.searchPanel);
  // Tree mode (`list.treeParentField`): every row is loaded (up to the list's maximum, the spec's 1000), nested
  // under its parent and paged by top-level rows; the tree opens fully after every load.
  const treeField = def.list?.treeParentField;
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [treeCount, setTreeCount] = useState<Pick<TreePage, 'from' | 'to' | 'total'> | null>(null);
  const intl = useIntl();

  // Row selection and the bulk bar (./bulk/BulkBar.tsx: issue 42 "Act on many"): on every list of its own whose
  // definition offers bulk actions the user may take; Shift-click selects a range (antd), the header box the page.
  const bulkChoices = useBulkChoices(def);
  const bulk = bulkChoices.length > 0 && !selection && parentId === undefined;
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const pageRows = useRef<Row[]>([]);

  const labels = columnLabels(t);
  const canDelete = Boolean(def.api.remove) && !access.can('delete').hidden;
  const [filtered, setFiltered] = useState(false);
  const empty = useListEmpty({ title: resourceTitle(def), onAdd, filtered });
  // Fields the user's role does not see (./permissions.ts): neither a column nor a search field (the server leaves them out too).
  const hidden = useHiddenFields(def);
  const generic = buildColumns(def, {
    language,
    languages,
    rowLanguages,
    searchPanel,
    labels,
    onOpen,
    deletable: (row) => access.can('delete', row),
    onDelete: canDelete
      ? async (row) => {
          const id = idOf(def, row);
          if (id === undefined) return;
          // The notice says it is deleted and offers Undo (./deleteRecord.ts).
          await deleteRecord(provider, websiteId, { id, parentId });
          onChanged?.();
        }
      : undefined,
  }).filter((column) => !hidden.has(String(column.key)));
  // Editable rows (`list.inlineEdit`): a pencil per row turns its simple fields into inputs, saved with the row's stamp.
  const inline = Boolean(def.list?.inlineEdit && def.api.update) && access.can('update').allowed;
  const editableColumns = inline
    ? withInlineEditing(def, generic, language).map((column): ProColumns<Row> =>
        column.key === '__actions'
          ? {
              ...column,
              width: 150,
              render: (dom, row, index, action, schema) => (
                <Space size={4}>
                  {(column.render ? column.render(dom, row, index, action, schema) : dom) as ReactNode}
                  <Tooltip title={t('quickEdit')}>
                    <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('quickEdit')} onClick={() => action?.startEditable?.(String(idOf(def, row)))} />
                  </Tooltip>
                </Space>
              ),
            }
          : column,
      )
    : generic;
  const shown = props.columns ? props.columns(editableColumns) : editableColumns;
  // Group header rows span the table: only the first column says which group it is.
  const columns: ProColumns<Row>[] = groupBy
    ? shown.map((column, i) => ({
        ...column,
        render: (dom, row, index, action, schema) =>
          isGroupRow(row) ? (i === 0 ? <Typography.Text strong data-testid="list-group" style={{ whiteSpace: 'nowrap' }}>{props.groupTitle?.(row.__group, row.count) ?? row.__group}</Typography.Text> : null) : column.render ? column.render(dom, row, index, action, schema) : dom,
      }))
    : shown;
  const open = (row: Row) => !isGroupRow(row) && onOpen?.(row);

  async function exportAs(format: 'csv' | 'xlsx') {
    // Every row matching the current filter (not just the page on screen), in the list's columns.
    // One read marked as an export (`export=true`): the server records who exported a list with personal columns
    // (issue 40, "who read it"); it caps the page at the list's largest size.
    const { keyword, filters } = lastQuery.current;
    const max = def.api.list?.maxPageSize ?? 10000;
    const rows = (await provider.getList({ page: 1, pageSize: max, keyword, filters: { ...filters, export: 'true' }, parentId })).data;
    const table = exportTable(def, listFields(def).filter((f) => !hidden.has(f.name)), rows, language, {
      field: (f) => fieldLabel(def, f),
      option: (f, v) => {
        const option = f.options?.find((o) => String(o.value) === String(v));
        return option && optionLabel(def, f, option);
      },
      yes: t('yes'),
      no: t('no'),
    });
    if (format === 'csv') saveFile(toCsv(table), 'text/csv;charset=utf-8', exportFileName(def, 'csv'));
    else
      saveFile(
        await toXlsx(table, resourceTitle(def)),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        exportFileName(def, 'xlsx'),
      );
  }

  const basePageSizes = def.list?.pageSizes ?? DEFAULT_PAGE_SIZES;
  // `list.totalAsPageSize` (spec §9, the team): the whole count is offered too once it is more than the largest size.
  const [total, setTotal] = useState(0);
  const largest = Math.max(...basePageSizes);
  const pageSizes = def.list?.totalAsPageSize && total > largest ? [...basePageSizes, Math.min(total, def.api.list?.maxPageSize ?? 1000)] : basePageSizes;
  // Right-click: the screen's own menu, or (when rows open) a menu with "Chi tiết", opened where the row was clicked.
  const [menu, setMenu] = useState<{ row: Row; x: number; y: number } | null>(null);
  const contextMenu =
    props.onContextMenu ??
    (onOpen
      ? (row: Row, event: MouseEvent) => {
          event.preventDefault();
          setMenu({ row, x: event.clientX, y: event.clientY });
        }
      : undefined);

  // The list's keys (./shortcuts.ts): N adds, / goes to the search, ] and [ turn the pages.
  const listRoot = useRef<HTMLDivElement>(null);
  const turn = (by: number) => {
    const info = actionRef.current?.pageInfo;
    if (!info) return;
    const next = info.current + by;
    if (next >= 1 && (next - 1) * info.pageSize < info.total) actionRef.current?.setPageInfo?.({ current: next });
  };
  useListShortcuts({
    add: onAdd,
    search: () => listRoot.current?.querySelector<HTMLInputElement>('.ant-pro-table-search input, .ant-pro-table-list-toolbar input')?.focus(),
    nextPage: () => turn(1),
    previousPage: () => turn(-1),
  });

  return (
    <div ref={listRoot}>
      {outcome && <BulkOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
      <ProTable<Row>
        {...empty}
        rowKey={(row) => (isGroupRow(row) ? row.key : String(idOf(def, row) ?? JSON.stringify(row)))}
        actionRef={actionRef}
        columns={columns}
        headerTitle={headerTitle}
        params={props.params}
        cardBordered={!compact}
        search={searchPanel ? { labelWidth: 'auto', searchText: t('search'), resetText: t('reset') } : false}
        options={{ search: searchPanel ? false : { placeholder: t('keyword'), 'aria-label': t('keyword'), allowClear: true }, reload: true, density: !compact, setting: !compact }}
        pagination={{
          pageSizeOptions: pageSizes,
          defaultPageSize: def.list?.defaultPageSize ?? pageSizes[0],
          showSizeChanger: true,
          // A tree list counts what it shows, children included (ProTable's own words, with the rows' numbers).
          ...(treeField && treeCount ? { showTotal: () => rangeText(intl, treeCount.from, treeCount.to, treeCount.total) } : {}),
        }}
        // The table takes the page's width and wraps its text to fit (no forced max-content width), so at 1024 px and
        // up the key columns stay clear of the sticky actions column; it scrolls sideways only when it cannot fit.
        scroll={{ x: true }}
        tableLayout="auto"
        size={compact ? 'small' : 'middle'}
        request={async (params) => {
          const { current, pageSize, keyword, ...filters } = params as Record<string, unknown>;
          lastQuery.current = { keyword: keyword as string | undefined, filters };
          setFiltered(Boolean(typeof keyword === 'string' && keyword.trim()) || Object.values(filters).some((v) => v !== undefined && v !== ''));
          if (treeField) {
            const all = await readList({
              page: 1,
              pageSize: def.api.list?.maxPageSize ?? 1000,
              keyword: typeof keyword === 'string' ? keyword : undefined,
              filters,
              parentId,
            });
            const roots = buildTree(all.data, treeField, def.idField);
            const keys: Key[] = [];
            const collect = (nodes: TreeRow[]) =>
              nodes.forEach((n) => {
                if (n.children?.length) keys.push(String(idOf(def, n)));
                collect(n.children ?? []);
              });
            collect(roots);
            setExpanded(keys);
            const shown = treePage(roots, Number(current) || 1, Number(pageSize) || pageSizes[0]);
            setTreeCount(shown);
            // The pager pages by top-level entries (its `total`), but says how many rows it shows (showTotal below).
            return { data: shown.roots, total: roots.length, success: true };
          }
          const result = await readList({
            page: Number(current) || 1,
            pageSize: Number(pageSize) || undefined,
            keyword: typeof keyword === 'string' ? keyword : undefined,
            filters,
            parentId,
          });
          setTotal(result.total);
          pageRows.current = result.data;
          props.onLoad?.({ rows: result.data, total: result.total, keyword: typeof keyword === 'string' ? keyword : undefined, filters });
          if (groupBy) {
            const groups = groupRows(result.data, groupBy);
            setExpanded(groups.map((g) => g.key));
            return { data: groups, total: result.total, success: true };
          }
          return { data: result.data, total: result.total, success: true };
        }}
        editable={
          inline
            ? {
                type: 'single',
                saveText: t('save'),
                cancelText: t('cancel'),
                actionRender: (_row, _config, dom) => [dom.save, dom.cancel],
                onSave: async (key, row) => {
                  const { index: _index, ...values } = row as Row & { index?: number };
                  try {
                    const { message } = await provider.update({ id: key as Id, values, concurrencyStamp: values.concurrencyStamp as string, parentId });
                    notifySuccess(message ?? t('updated'));
                  } catch (error) {
                    // Changed by someone else since the list was read: say so; the list reads the row as it is now.
                    if (error instanceof ApiError && error.status === 409) notifyError(error.message);
                    else throw error;
                  }
                },
              }
            : undefined
        }
        onRow={(row) => ({
          onClick: selection && !isGroupRow(row) ? () => selection.onSelect(row) : undefined,
          style: selection ? { cursor: 'pointer' } : undefined,
          onDoubleClick: () => open(row),
          onContextMenu: contextMenu && !isGroupRow(row) ? (event) => contextMenu(row, event) : undefined,
        })}
        expandable={
          treeField || groupBy
            ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }
            : selection
              ? { expandedRowKeys: selection.id === null ? [] : [String(selection.id)], showExpandColumn: false, expandedRowRender: (row) => selection.render(row) }
              : props.expandedRow
                ? { expandedRowRender: (row) => props.expandedRow!(row) }
                : undefined
        }
        rowSelection={
          bulk
            ? {
                selectedRowKeys: selectedKeys,
                // As narrow as its checkbox: at 1024 px the list's key columns must still fit beside the sticky actions.
                columnWidth: 32,
                onChange: (keys) => setSelectedKeys(keys),
                getCheckboxProps: (row) => ({ disabled: isGroupRow(row), 'aria-label': t('bulk:selectRow') }),
                // antd names it "Select all" in every language.
                getTitleCheckboxProps: () => ({ 'aria-label': t('bulk:selectPage') }),
              }
            : undefined
        }
        tableAlertRender={bulk ? ({ selectedRowKeys, onCleanSelected }) => (
          <Space size={12}>
            <span data-testid="bulk-count">{t('bulk:selected', { count: selectedRowKeys.length })}</span>
            <Button type="link" size="small" onClick={onCleanSelected}>{t('bulk:clear')}</Button>
          </Space>
        ) : undefined}
        tableAlertOptionRender={bulk ? ({ selectedRowKeys }) => (
          <BulkBar
            def={def}
            websiteId={websiteId}
            language={language}
            choices={bulkChoices}
            ids={selectedRowKeys.map((k) => String(k))}
            rows={pageRows.current}
            onAnswer={(next) => {
              // What was refused stays selected (with its reason above the list); the rest is done.
              setSelectedKeys(next.answer.refused.map((r) => String(r.id)));
              setOutcome(next.answer.refused.length ? next : null);
              void actionRef.current?.reload();
              onChanged?.();
            }}
          />
        ) : undefined}
        rowClassName={selection ? (row) => (String(idOf(def, row)) === String(selection.id) ? 'ant-table-row-selected' : '') : undefined}
        toolBarRender={() => [
          ...(props.toolbar ?? []),
          props.exportable !== false && <ExportMenu key="export" onExport={(format) => void exportAs(format)} />,
          // Bringing data in (issue 42): lists whose definition declares `import`, for who may add records.
          def.import && def.api.create && access.can('create').allowed && <ImportButton key="import" def={def} parentId={parentId} keys={keys} />,
          onAdd && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {t('add')}
            </Button>
          ),
        ]}
      />
      {!props.onContextMenu && onOpen && (
        <Dropdown
          open={Boolean(menu)}
          onOpenChange={(next) => !next && setMenu(null)}
          trigger={['contextMenu']}
          menu={{
            items: [{ key: 'open', icon: <InfoCircleOutlined />, label: props.openLabel ?? t('info') }],
            onClick: () => {
              const row = menu?.row;
              setMenu(null);
              if (row) onOpen(row);
            },
          }}
        >
          <span style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1 }} />
        </Dropdown>
      )}
    </div>
  );
}
