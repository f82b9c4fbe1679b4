import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import type { TreeProps, TreeDataNode as DataNode } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../shared/resources/define';
import { localized } from '../core/workspace/localized';
import { notifySuccess } from '../core/notices';
import { useWorkspace } from '../core/workspace';
import { ChildModal } from './ChildCollections';
import type { FieldInputs } from './customize';
import { createDataProvider, idOf, listKey, type Id, type Row } from './dataProvider';
import { useQuery } from '@tanstack/react-query';
import { serverRead } from './queries';
import { deleteRecord } from './deleteRecord';
import { resourceTitle } from './labels';
import { ImportButton } from './import/ImportButton';
import { buildTree, moveNode, placements, type DropPlace, type Placement, type TreeRow } from './tree';

/**
 * A child collection shown as a tree (a definition with `list.treeParentField`, e.g. the items of a menu): add
 * and edit in the definition's popup, delete per node, and drag and drop to re-order and re-parent (from the
 * keyboard: the move up/down buttons, and the parent field of the popup). A move rearranges the tree here, then
 * `reorder` saves every node's parent and place at once (the server checks the whole tree in one transaction)
 * and the tree is read again, so what is shown is what was saved.
 */
export interface ChildTreeProps {
  def: ResourceDef;
  parentId: Id;
  /** Saves the new parent and order of the items (e.g. `PUT Menus/item/order/{website}/{menuId}`). */
  reorder(items: Placement[]): Promise<{ message?: string }>;
  /** Inputs of particular fields of the popup form. */
  inputs?: (row: Row) => FieldInputs;
  /** Extra text after a node's name (e.g. its object type and link). */
  describe?(row: Row): ReactNode;
  labelField?: string;
}

/** A node of antd's tree carrying its record (the tree is typed by it: a double-click gets the row). */
interface Node extends DataNode {
  key: string;
  title: ReactNode;
  row: Row;
  children?: Node[];
}

export function ChildTree({ def, parentId, reorder, inputs, describe, labelField = 'name' }: ChildTreeProps) {
  const { t } = useTranslation('resources');
  const { websiteId, language } = useWorkspace();
  const provider = useMemo(() => createDataProvider(def, { websiteId, language }), [def, websiteId, language]);
  const parentField = def.list?.treeParentField ?? 'parentId';
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);

  // Through the query client: read again after a save, a delete or a drop (writes of this resource) and when the
  // server's change number moves.
  const query = useQuery({
    queryKey: listKey(def, { websiteId, language }, { parentId, page: 1, pageSize: 100000 }),
    queryFn: serverRead((meta) => provider.getList({ parentId, page: 1, pageSize: 100000, meta })),
  });
  const read = useMemo(() => (query.data ? buildTree(query.data.data, parentField, def.idField) : query.error ? [] : null), [query.data, query.error, parentField, def.idField]);
  // A drop shows at once, until the tree read after it arrives (or the save fails).
  const [moved, setMoved] = useState<{ from: unknown; tree: TreeRow[] } | null>(null);
  const tree = moved && moved.from === query.data ? moved.tree : read;

  const remove = async (row: Row) => {
    const id = idOf(def, row);
    if (id === undefined) return;
    await deleteRecord(provider, websiteId, { id, parentId });
  };

  const toNodes = (rows: readonly TreeRow[]): Node[] =>
    rows.map((row, index) => ({
      key: String(idOf(def, row)),
      row,
      title: (
        <Space size={6} data-testid="tree-node" data-name={localized(row[labelField], language)}>
          <HolderOutlined style={{ cursor: 'grab', opacity: 0.6 }} aria-hidden />
          <Typography.Text>{localized(row[labelField], language) || `#${String(idOf(def, row))}`}</Typography.Text>
          {describe?.(row)}
          <Tooltip title={t('moveUp')}>
            <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={`${t('moveUp')}: ${localized(row[labelField], language)}`} onClick={() => shift(row, rows, -1)} />
          </Tooltip>
          <Tooltip title={t('moveDown')}>
            <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === rows.length - 1} aria-label={`${t('moveDown')}: ${localized(row[labelField], language)}`} onClick={() => shift(row, rows, 1)} />
          </Tooltip>
          <Tooltip title={t('info')}>
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${t('info')}: ${localized(row[labelField], language)}`} onClick={() => setEditing(row)} />
          </Tooltip>
          <Popconfirm title={t('deleteConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove(row)}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('delete')}: ${localized(row[labelField], language)}`} />
          </Popconfirm>
        </Space>
      ),
      ...(row.children?.length ? { children: toNodes(row.children) } : {}),
    }));

  const nodes = tree ? toNodes(tree) : [];
  const allKeys = (list: Node[]): string[] => list.flatMap((n) => (n.children ? [n.key, ...allKeys(n.children)] : []));

  async function apply(next: TreeRow[] | undefined) {
    if (!next) return;
    setMoved({ from: query.data, tree: next });
    setBusy(true);
    try {
      const { message } = await reorder(placements(next, def.idField));
      notifySuccess(message ?? t('updated'));
    } catch (error) {
      // Refused: back to the tree as the server has it.
      setMoved(null);
      throw error;
    } finally {
      setBusy(false);
    }
  }

  /** Swap a node with its previous (-1) or next (1) sibling. */
  function shift(row: TreeRow, siblings: readonly TreeRow[], step: -1 | 1) {
    const i = siblings.indexOf(row);
    const other = siblings[i + step];
    if (!tree || !other) return;
    void apply(moveNode(tree, String(idOf(def, row)), String(idOf(def, other)), step < 0 ? 'before' : 'after', def.idField));
  }

  const onDrop: TreeProps<Node>['onDrop'] = async (info) => {
    if (!tree) return;
    const dragKey = String(info.dragNode.key);
    const dropKey = String(info.node.key);
    // antd: dropPosition is relative to the target's index among its siblings (-1 before, 1 after); dropping on
    // the node itself (not in a gap) puts the item inside it.
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const place: DropPlace = !info.dropToGap ? 'inside' : relative === -1 ? 'before' : 'after';
    await apply(moveNode(tree, dragKey, dropKey, place, def.idField));
  };

  return (
    <Card
      data-testid={`${def.name}-tree`}
      title={resourceTitle(def)}
      extra={
        <Space>
          <Tooltip title={t('reload')}>
            <Button icon={<ReloadOutlined />} aria-label={t('reload')} onClick={() => void query.refetch()} />
          </Tooltip>
          {def.import && <ImportButton def={def} parentId={parentId} />}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('add')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={tree === null || busy}>
        {tree && !tree.length ? (
          <Empty />
        ) : (
          <Tree<Node>
            blockNode
            draggable={{ icon: false }}
            treeData={nodes}
            expandedKeys={expanded ?? allKeys(nodes)}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onDrop={(info) => void onDrop(info)}
            selectable={false}
            onDoubleClick={(_, node) => setEditing(node.row)}
            data-testid="child-tree"
          />
        )}
      </Spin>
      {editing && (
        <ChildModal
          def={def}
          parentId={parentId}
          row={editing}
          inputs={inputs?.(editing)}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
