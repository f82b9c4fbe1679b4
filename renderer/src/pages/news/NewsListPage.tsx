import { CheckOutlined, CloseOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { Dropdown, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { newsDef } from '../../../../shared/editorial';
import { localized } from '../../core/workspace/localized';
import { ImageThumb } from '../../features/files/ImageField';
import { DateTimeCell } from '../../resources/columns';
import type { Row } from '../../resources/dataProvider';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { ResourceList } from '../../resources/ResourceList';
import { useUrlFilters } from '../../resources/useUrlFilters';
import { useWorkspace } from '../../core/workspace';
import { useMoves, withMoves } from '../../resources/machine';

/**
 * /news: the website's news in the content language, on the generic list. Keyword, status and type filters,
 * refresh, export, add; the info button or a double-click opens the detail; the row context menu offers Detail and
 * the review's moves (resources/machine: enabled for pending news the user may decide on; Decline asks for the reason).
 * Status by name and colour.
 */
const field = (name: string) => newsDef.fields.find((f) => f.name === name)!;

export default function NewsListPage() {
  const { t } = useTranslation(['news', 'resources']);
  const navigate = useNavigate();
  const { language } = useWorkspace();
  const actionRef = useRef<ActionType>();
  // Filters live in the address (/news?status=1: the dashboard links there; back/forward work).
  const [urlFilters, setFilter] = useUrlFilters({ status: 'int', type: 'int' });
  const filters = useMemo(() => ({ approvedStatus: urlFilters.status, type: urlFilters.type }), [urlFilters.status, urlFilters.type]);
  const [menu, setMenu] = useState<{ row: Row; x: number; y: number } | null>(null);
  // The row the menu was opened on stays the moves' record after the menu closes (its reason dialog, its question).
  const [target, setTarget] = useState<Row | null>(null);

  const open = (row: Row) => navigate(`/news/${String(row.id)}`);
  const reload = () => actionRef.current?.reload();
  const moves = useMoves({ def: newsDef, machine: newsDef.machines[0], record: target, onMoved: reload, unavailable: 'disable' });
  const enumOptions = (name: string) => (field(name).options ?? []).map((o) => ({ value: o.value as number, label: optionLabel(newsDef, field(name), o) }));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {t('news:title')}
      </Typography.Title>
      <ResourceList
        def={newsDef}
        actionRef={actionRef}
        onOpen={open}
        onAdd={() => navigate('/news/add')}
        params={filters}
        // The definition's columns (title in the content language, active, type, status as coloured tags) with the
        // picture, categories, author and date around them, and Approve / Decline beside info and delete.
        columns={(generic) => [
          { key: 'featureImage', title: fieldLabel(newsDef, field('featureImage')), width: 90, render: (_, row) => <ImageThumb url={(row.featureImage as string) || undefined} height={50} /> },
          ...generic.slice(0, -1),
          {
            key: 'categories',
            title: t('news:categories'),
            render: (_, row) => ((row.categoriesNews as Row[] | undefined) ?? []).map((c) => <Tag key={String(c.categoryId)}>{localized(c.name, language)}</Tag>),
          },
          { key: 'creator', dataIndex: 'creatorFullName', title: t('news:creator') },
          { key: 'createTime', title: t('news:createTime'), render: (_, row) => <DateTimeCell value={row.createTime} /> },
           
          withMoves(newsDef, generic[generic.length - 1], reload, { unavailable: 'disable' }),
        ]}
        onContextMenu={(row, event) => {
          event.preventDefault();
          setMenu({ row, x: event.clientX, y: event.clientY });
          setTarget(row);
        }}
        toolbar={[
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
            ...moves.views
              .filter((v) => v.shown)
              .map((v) => ({ key: v.move.name, icon: v.move.danger ? <CloseOutlined /> : <CheckOutlined />, label: v.label, disabled: Boolean(v.reason), danger: v.move.danger && !v.reason })),
          ],
          onClick: ({ key }) => {
            const row = menu?.row;
            setMenu(null);
            if (!row) return;
            if (key === 'detail') return open(row);
            const move = moves.views.find((v) => v.move.name === key)?.move;
            if (move) moves.start(move);
          },
        }}
      >
        <span data-testid="news-context-anchor" style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1 }} />
      </Dropdown>
      {moves.dialog}
    </Space>
  );
}
