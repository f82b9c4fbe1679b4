import { CheckOutlined, CloseOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Dropdown, Space, Typography } from 'antd';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResourceDef } from '../../../../shared/resources/define';
import type { Row } from '../../resources/dataProvider';
import { FilterSelect } from '../../resources/FilterSelect';
import { useMoves, withMoves } from '../../resources/machine';
import { editPath } from '../../resources/navigation';
import { ResourceList } from '../../resources/ResourceList';
import { PreviewButtons } from '../../resources/preview/PreviewButton';
import { useUrlFilters } from '../../resources/useUrlFilters';

/** A filter of the toolbar, kept in the address under `name` (`/news?status=1`: the dashboard links there) and sent as `param`. */
export interface ReviewedFilter {
  name: string;
  kind: 'int' | 'bool';
  param: string;
  label: string;
  width: number;
  options: { value: number | boolean; label: string }[];
}

export interface ReviewedListProps {
  /** A definition reviewed like news: its first machine's moves (approve, decline) sit beside info and delete. */
  def: ResourceDef;
  title: string;
  filters: ReviewedFilter[];
  /** Columns before the definition's, and after them (before the actions). */
  before?: ProColumns<Row>[];
  after?: ProColumns<Row>[];
  /** A row's context menu: Detail (this label) and the review's moves, drawn where the row was right-clicked. */
  contextMenu?: { detail: string; anchorTestId: string };
}

/** The row's actions with Preview first: a reviewer sees the saved version on the website beside the decisions. */
function withPreview(def: ResourceDef, actions: ProColumns<Row>): ProColumns<Row> {
  return {
    ...actions,
    render: (dom, row, index, action, schema) => (
      <Space size={0} wrap={false}>
        <PreviewButtons def={def} id={row.id as number} compact />
        {actions.render?.(dom, row, index, action, schema) as ReactNode}
      </Space>
    ),
  };
}

/**
 * The list of what is reviewed before it is published (news, expert questions): the generic list of the definition,
 * titled, with its filters in the address, the review's moves beside info and delete (enabled for pending items the
 * user may decide on; Decline asks for the reason), add and open through the definition's routes.
 */
export function ReviewedListPage({ def, title, filters, before = [], after = [], contextMenu }: ReviewedListProps) {
  const navigate = useNavigate();
  const actionRef = useRef<ActionType>();
  // The filters' kinds are constants of the calling screen.
  const [url, setFilter] = useUrlFilters(Object.fromEntries(filters.map((f) => [f.name, f.kind])) as Record<string, 'int' | 'bool'>);
  // The list reloads when a value changes, not on every render.
  const values = JSON.stringify(filters.map((f) => [f.param, url[f.name]]));
  const params = useMemo(() => Object.fromEntries((JSON.parse(values) as [string, unknown][]).filter(([, v]) => v !== null)), [values]);
  const [menu, setMenu] = useState<{ row: Row; x: number; y: number } | null>(null);
  // The row the menu was opened on stays the moves' record after the menu closes (its reason dialog, its question).
  const [target, setTarget] = useState<Row | null>(null);

  const open = (row: Row) => navigate(editPath(def, row.id as number)!);
  const reload = () => actionRef.current?.reload();
  const moves = useMoves({ def, machine: def.machines![0], record: target, onMoved: reload, unavailable: 'disable' });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ textAlign: 'center', margin: 0 }}>
        {title}
      </Typography.Title>
      <ResourceList
        def={def}
        actionRef={actionRef}
        onOpen={open}
        onAdd={() => navigate(def.routes!.add!)}
        params={params}
        columns={(generic) => [...before, ...generic.slice(0, -1), ...after, withPreview(def, withMoves(def, generic[generic.length - 1], reload, { unavailable: 'disable' }))]}
        onContextMenu={
          contextMenu &&
          ((row, event) => {
            event.preventDefault();
            setMenu({ row, x: event.clientX, y: event.clientY });
            setTarget(row);
          })
        }
        toolbar={filters.map((f) => (
          <FilterSelect<number | boolean> key={f.name} label={f.label} width={f.width} value={url[f.name]} onChange={(value) => setFilter(f.name, value)} options={f.options} />
        ))}
      />
      {contextMenu && (
        <Dropdown
          open={Boolean(menu)}
          onOpenChange={(next) => !next && setMenu(null)}
          trigger={['contextMenu']}
          menu={{
            items: [
              { key: 'detail', icon: <InfoCircleOutlined />, label: contextMenu.detail },
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
          <span data-testid={contextMenu.anchorTestId} style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1 }} />
        </Dropdown>
      )}
      {moves.dialog}
    </Space>
  );
}
