import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Space, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FieldDef, ResourceDef } from '../../../../shared/resources/define';
import { sick as sickDef, sickTranslationFields } from '../../../../shared/resources/sick';
import { ApiError } from '../../api/client';
import { notifyError, notifySuccess } from '../../app/notices';
import { ImageThumb } from '../../components/files/ImageField';
import { buildColumns, type ColumnLabels } from '../../resources/columns';
import { createDataProvider, idOf, type DataProvider, type Row } from '../../resources/dataProvider';
import { groupRows, isGroupRow } from '../../resources/grouping';
import { resourceTitle } from '../../resources/labels';
import { useListEmpty } from '../../resources/ListEmpty';
import { useWorkspace } from '../../workspace';

const sick: ResourceDef = sickDef;
const PAGE_SIZES = sickDef.list.pageSizes;
const DEFAULT_PAGE_SIZE = sickDef.list.defaultPageSize;

const FilePickerModal = lazy(() => import('../../components/files/FilePickerModal'));

/**
 * /sick: the sick categories of the website in the content language, grouped by their alphabet letter (the
 * server sorts by the letter's place in the language's alphabet). Columns: letter, name, description, content,
 * SEO link, URL, image (50 px, changed in the grid through the file picker), active. Add, refresh, delete and
 * info per row; pages of 20/25/50/100 rows, 20 by default.
 */
const text = (name: string): FieldDef => {
  const f = sickTranslationFields.find((x) => x.name === name)!;
  // The list answers each text in the requested language already: plain text, not a per-language map.
  return { ...f, perLanguage: false, type: f.type === 'richText' ? 'textarea' : f.type, list: true };
};
const field = (name: string) => ({ ...sick.fields.find((x) => x.name === name)!, list: true });

export const sickListDef: ResourceDef = {
  ...sick,
  fields: [text('alphabet'), text('name'), text('description'), text('content'), text('seoLink'), field('url'), field('image'), field('isActive')],
};

const plain = (html: unknown) =>
  typeof html === 'string'
    ? html
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : '';

function ImageCell({ row, provider, onSaved }: { row: Row; provider: DataProvider; onSaved(): void }) {
  const { t } = useTranslation('editorial');
  const [open, setOpen] = useState(false);
  const url = typeof row.image === 'string' && row.image ? row.image : undefined;
  async function save(image: string) {
    setOpen(false);
    const id = idOf(sick, row);
    if (id === undefined) return;
    try {
      const result = await provider.update({ id, values: { image }, concurrencyStamp: row.concurrencyStamp as string | undefined });
      notifySuccess(result.message ?? t('sick.imageSaved'));
    } catch (error) {
      // 409: someone changed the record meanwhile; the list is read again below.
      if (error instanceof ApiError && error.status === 409) notifyError(error.message);
    }
    onSaved();
  }
  return (
    <Space size={4} data-testid="sick-image-cell">
      <ImageThumb url={url} height={50} />
      <Tooltip title={t('sick.changeImage')}>
        <Button size="small" type="text" icon={<EditOutlined />} aria-label={`${t('sick.changeImage')}: ${String(row.name ?? '')}`} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && (
        // React events bubble out of the picker's portal to the row: a double-click on a file must not open the record.
        <span onDoubleClick={(e) => e.stopPropagation()}>
          <Suspense fallback={null}>
            <FilePickerModal open accept="image" onCancel={() => setOpen(false)} onPick={(file) => void save(file.url)} />
          </Suspense>
        </span>
      )}
    </Space>
  );
}

export default function SickListPage() {
  const { t } = useTranslation('resources');
  const { t: te } = useTranslation('editorial');
  const navigate = useNavigate();
  const { websiteId, language, languages } = useWorkspace();
  const actionRef = useRef<ActionType>();
  const provider = useMemo(() => createDataProvider(sick, { websiteId, language }), [websiteId, language]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [filtered, setFiltered] = useState(false);
  const empty = useListEmpty({ title: resourceTitle(sick), onAdd: () => navigate('/sick/add'), filtered });
  const reload = () => void actionRef.current?.reload();

  const labels: ColumnLabels = {
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
  const base = buildColumns(sickListDef, {
    language,
    languages,
    searchPanel: false,
    labels,
    onOpen: (row) => navigate(`/sick/${encodeURIComponent(String(idOf(sick, row)))}`),
    onDelete: async (row) => {
      const id = idOf(sick, row);
      if (id === undefined) return;
      const { message } = await provider.remove({ id });
      notifySuccess(message ?? t('deleted'));
      reload();
    },
  });
  const columns: ProColumns<Row>[] = base.map((column) => {
    const inner = column.render;
    return {
      ...column,
      ...(column.key === 'content' || column.key === 'description' ? { ellipsis: true, width: 260 } : {}),
      render: (dom, row, index, action, schema) => {
        if (isGroupRow(row)) {
          return column.key === 'alphabet' ? (
            <Typography.Text strong data-testid="sick-group">
              {te('sick.group', { letter: row.__group, count: row.count })}
            </Typography.Text>
          ) : null;
        }
        if (column.key === 'content') return plain(row.content);
        if (column.key === 'image') return <ImageCell row={row} provider={provider} onSaved={reload} />;
        return inner ? inner(dom, row, index, action, schema) : dom;
      },
    };
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {resourceTitle(sick)}
      </Typography.Title>
      <ProTable<Row>
        {...empty}
        rowKey={(row) => (isGroupRow(row) ? row.key : String(idOf(sick, row)))}
        actionRef={actionRef}
        columns={columns}
        cardBordered
        search={false}
        options={{ search: { placeholder: t('keyword'), allowClear: true }, reload: true, density: true, setting: true }}
        pagination={{ pageSizeOptions: PAGE_SIZES, defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        request={async (params) => {
          const { current, pageSize, keyword } = params as Record<string, unknown>;
          setFiltered(typeof keyword === 'string' && Boolean(keyword.trim()));
          const result = await provider.getList({ page: Number(current) || 1, pageSize: Number(pageSize) || DEFAULT_PAGE_SIZE, keyword: typeof keyword === 'string' ? keyword : undefined });
          const groups = groupRows(result.data, 'alphabet');
          setExpanded(groups.map((g) => g.key));
          return { data: groups, total: result.total, success: true };
        }}
        onRow={(row) => ({ onDoubleClick: () => !isGroupRow(row) && navigate(`/sick/${encodeURIComponent(String(idOf(sick, row)))}`) })}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/sick/add')}>
            {t('add')}
          </Button>,
        ]}
      />
    </Space>
  );
}
