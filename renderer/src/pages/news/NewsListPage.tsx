import { CheckOutlined, CloseOutlined, DownloadOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Dropdown, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NEWS_STATUS, newsDef } from '../../../../shared/editorial';
import { textIn } from '../../../../shared/resources/translations';
import { cmsApi } from '../../api/client';
import { notifySuccess } from '../../app/notices';
import { ImageThumb } from '../../components/files/ImageField';
import { buildColumns, listFields } from '../../resources/columns';
import { readList, type Row } from '../../resources/dataProvider';
import { exportFileName, exportTable, saveFile, toCsv, toXlsx } from '../../resources/export';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { useWorkspace } from '../../workspace';
import { decide } from './status';
import { DeclineModal } from './DeclineModal';
import { withReviewActions } from './ReviewActions';
import { useListEmpty } from '../../resources/ListEmpty';
import { useUrlFilters } from '../../resources/useUrlFilters';

/**
 * /news: the website's news in the content language. Keyword, status and type filters, refresh, add; the info
 * button or a double-click opens the detail; the row context menu offers Detail, Approve and Decline (the last
 * two only for pending news; Decline asks for the reason). Status by name and colour.
 */
const PAGE_SIZES = [10, 25, 50, 100];
const field = (name: string) => newsDef.fields.find((f) => f.name === name)!;

export default function NewsListPage() {
  const { t } = useTranslation(['news', 'resources']);
  const navigate = useNavigate();
  const { websiteId, language, languages } = useWorkspace();
  const actionRef = useRef<ActionType>();
  // Filters live in the address (/news?status=1: the dashboard links there; back/forward work).
  const [urlFilters, setFilter] = useUrlFilters({ status: 'int', type: 'int' });
  const filters = useMemo(() => ({ approvedStatus: urlFilters.status, type: urlFilters.type }), [urlFilters.status, urlFilters.type]);
  const [keywordShown, setKeywordShown] = useState(false);
  const empty = useListEmpty({ title: t('news:title'), onAdd: () => navigate('/news/add'), filtered: keywordShown || filters.approvedStatus !== undefined || filters.type !== undefined });
  const [menu, setMenu] = useState<{ row: Row; x: number; y: number } | null>(null);
  const [declining, setDeclining] = useState<Row | null>(null);
  const lastKeyword = useRef<string | undefined>(undefined);
  const site = encodeURIComponent(String(websiteId));
  const listUrl = `/News/${site}/${encodeURIComponent(language)}`;

  const open = (row: Row) => navigate(`/news/${String(row.id)}`);
  const reload = () => actionRef.current?.reload();

  async function fetchPage(page: number, pageSize: number, keyword?: string) {
    const params: Row = { page, pageSize, ...filters };
    if (keyword?.trim()) params.keyword = keyword.trim();
    return readList((await cmsApi.get(listUrl, { params })).data);
  }

  const labels = {
    yes: t('resources:yes'),
    no: t('resources:no'),
    info: t('resources:info'),
    delete: t('resources:delete'),
    deleteConfirm: t('resources:deleteConfirm'),
    actions: t('resources:actions'),
    missing: (names: string) => t('resources:missing', { languages: names }),
    ok: t('resources:ok'),
    cancel: t('resources:cancel'),
  };
  // The definition's list columns (title in the content language, active, type, status as coloured tags) and
  // the info/delete buttons; the picture, categories, author and date around them.
  const generic = buildColumns(newsDef, {
    language,
    languages,
    searchPanel: false,
    labels,
    onOpen: open,
    onDelete: async (row) => {
      const answer = await cmsApi.delete(`/News/${site}/${String(row.id)}`);
      notifySuccess(((answer.data as Row | undefined)?.message as string | undefined) || t('resources:deleted'));
      await reload();
    },
  });
  // Approve / decline beside info and delete, for the users allowed to review.
  // eslint-disable-next-line react-hooks/refs -- the reload runs after a click on a decision, never during render
  const actions = withReviewActions('News', generic.pop()!, reload);
  const columns: ProColumns<Row>[] = [
    { key: 'featureImage', title: fieldLabel(newsDef, field('featureImage')), width: 90, render: (_, row) => <ImageThumb url={(row.featureImage as string) || undefined} height={50} /> },
    ...generic,
    {
      key: 'categories',
      title: t('news:categories'),
      render: (_, row) => ((row.categoriesNews as Row[] | undefined) ?? []).map((c) => <Tag key={String(c.categoryId)}>{textIn(c.name, language)}</Tag>),
    },
    { key: 'creator', dataIndex: 'creatorFullName', title: t('news:creator') },
    { key: 'createTime', title: t('news:createTime'), render: (_, row) => (row.createTime ? dayjs(row.createTime as string).format('HH:mm DD-MM-YYYY') : '') },
    actions,
  ];

  async function exportAs(format: 'csv' | 'xlsx') {
    const first = await fetchPage(1, 100, lastKeyword.current);
    const rows = first.total > first.data.length ? (await fetchPage(1, Math.min(first.total, 1000), lastKeyword.current)).data : first.data;
    const table = exportTable(newsDef, listFields(newsDef), rows, language, {
      field: (f) => fieldLabel(newsDef, f),
      option: (f, v) => {
        const option = f.options?.find((o) => String(o.value) === String(v));
        return option && optionLabel(newsDef, f, option);
      },
      yes: labels.yes,
      no: labels.no,
    });
    if (format === 'csv') saveFile(toCsv(table), 'text/csv;charset=utf-8', exportFileName(newsDef, 'csv'));
    else saveFile(await toXlsx(table, t('news:title')), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', exportFileName(newsDef, 'xlsx'));
  }

  const pending = menu?.row.approvedStatus === NEWS_STATUS.pending;
  const enumOptions = (name: string) => (field(name).options ?? []).map((o) => ({ value: o.value as number, label: optionLabel(newsDef, field(name), o) }));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('news:title')}
      </Typography.Title>
      <ProTable<Row>
        {...empty}
        rowKey={(row) => String(row.id)}
        actionRef={actionRef}
        columns={columns}
        cardBordered
        search={false}
        params={filters}
        options={{ search: { placeholder: t('resources:keyword'), allowClear: true }, reload: true, density: true, setting: true }}
        pagination={{ pageSizeOptions: PAGE_SIZES, defaultPageSize: PAGE_SIZES[0], showSizeChanger: true }}
        scroll={{ x: 'max-content' }}
        request={async (params) => {
          const keyword = typeof params.keyword === 'string' ? params.keyword : undefined;
          lastKeyword.current = keyword;
          setKeywordShown(Boolean(keyword?.trim()));
          const result = await fetchPage(Number(params.current) || 1, Number(params.pageSize) || PAGE_SIZES[0], keyword);
          return { data: result.data, total: result.total, success: true };
        }}
        onRow={(row) => ({
          onDoubleClick: () => open(row),
          onContextMenu: (event) => {
            event.preventDefault();
            setMenu({ row, x: event.clientX, y: event.clientY });
          },
        })}
        toolBarRender={() => [
          <Select
            key="status"
            aria-label={t('news:status')}
            placeholder={t('news:status')}
            allowClear
            style={{ width: 150 }}
            value={filters.approvedStatus}
            onChange={(approvedStatus?: number) => setFilter('status', approvedStatus)}
            options={enumOptions('approvedStatus')}
          />,
          <Select
            key="type"
            aria-label={t('news:type')}
            placeholder={t('news:type')}
            allowClear
            style={{ width: 130 }}
            value={filters.type}
            onChange={(type?: number) => setFilter('type', type)}
            options={enumOptions('type')}
          />,
          <Dropdown
            key="export"
            menu={{
              items: [
                { key: 'csv', label: t('resources:exportCsv') },
                { key: 'xlsx', label: t('resources:exportExcel') },
              ],
              onClick: ({ key }) => void exportAs(key as 'csv' | 'xlsx'),
            }}
          >
            <Button icon={<DownloadOutlined />}>{t('resources:export')}</Button>
          </Dropdown>,
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/news/add')}>
            {t('resources:add')}
          </Button>,
        ]}
      />
      {/* The row context menu, opened where the row was right-clicked. */}
      <Dropdown
        open={Boolean(menu)}
        onOpenChange={(next) => !next && setMenu(null)}
        trigger={['contextMenu']}
        menu={{
          items: [
            { key: 'detail', icon: <InfoCircleOutlined />, label: t('news:menu.detail') },
            { key: 'approve', icon: <CheckOutlined />, label: t('news:menu.approve'), disabled: !pending },
            { key: 'decline', icon: <CloseOutlined />, label: t('news:menu.decline'), disabled: !pending, danger: pending },
          ],
          onClick: ({ key }) => {
            const row = menu?.row;
            setMenu(null);
            if (!row) return;
            if (key === 'detail') open(row);
            else if (key === 'approve') void decide('News', websiteId!, row.id as number, 'approve').then(reload, () => undefined);
            else if (key === 'decline') setDeclining(row);
          },
        }}
      >
        <span data-testid="news-context-anchor" style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1 }} />
      </Dropdown>
      <DeclineModal
        open={Boolean(declining)}
        onCancel={() => setDeclining(null)}
        onSend={async (reason) => {
          await decide('News', websiteId!, declining!.id as number, 'decline', reason);
          setDeclining(null);
          await reload();
        }}
      />
    </Space>
  );
}
