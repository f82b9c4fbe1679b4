import { FolderFilled, FolderOpenFilled, HomeFilled } from '@ant-design/icons';
import { Tree, theme } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderCache } from './folderCache';
import { ROOT_ID } from './types';

export interface DropHandlers {
  onDragEnter(event: DragEvent): void;
  onDragOver(event: DragEvent): void;
  onDragLeave(event: DragEvent): void;
  onDrop(event: DragEvent): void;
}

export interface FolderTreeProps {
  cache: FolderCache;
  selectedId: number;
  onSelect(folderId: number): void;
  expandedIds: number[];
  onExpandedChange(ids: number[]): void;
  /** Folders that refuse to be chosen (a folder cannot be moved into itself). */
  disabledIds?: ReadonlySet<number>;
  /** Drop handlers for a folder (moving items or uploading files onto it) and the folder highlighted as target. */
  dropFor?: (folderId: number) => DropHandlers;
  dropTargetId?: number | null;
  height?: number;
}

/** The folders as a tree: the root, then children loaded when a folder is expanded. */
export default function FolderTree(props: FolderTreeProps) {
  const { cache, selectedId, onSelect, expandedIds, onExpandedChange, disabledIds, dropFor, dropTargetId, height } = props;
  const { t } = useTranslation('files');
  const { token } = theme.useToken();

  const treeData = useMemo((): DataNode[] => {
    const build = (parentId: number, trail: Set<number>): DataNode[] | undefined => {
      const folders = cache.children.get(parentId);
      if (!folders) return undefined;
      return folders
        .filter((folder) => !trail.has(folder.id))
        .map((folder) => {
          // A disabled folder (being moved) is not opened: its subfolders are no target either.
          const disabled = disabledIds?.has(folder.id) ?? false;
          const children = disabled ? undefined : build(folder.id, new Set(trail).add(folder.id));
          return {
            key: folder.id,
            title: folder.name,
            disabled,
            isLeaf: disabled || (children !== undefined && children.length === 0),
            children,
          };
        });
    };
    return [{ key: ROOT_ID, title: t('root'), children: build(ROOT_ID, new Set()) ?? undefined, isLeaf: false }];
  }, [cache.children, disabledIds, t]);

  /** The folder of the tree row under the pointer: the whole row is a drop target, not just its label. */
  const folderAt = (target: EventTarget | null): number | null => {
    const row = (target as HTMLElement | null)?.closest?.('.ant-tree-treenode');
    const label = row?.querySelector('[data-folder-id]');
    if (!label || row?.classList.contains('ant-tree-treenode-disabled')) return null;
    return Number(label.getAttribute('data-folder-id'));
  };
  const delegate = (name: keyof DropHandlers) => (event: DragEvent) => {
    const id = folderAt(event.target);
    if (id !== null && dropFor) dropFor(id)[name](event);
  };

  return (
    <div
      onDragEnter={dropFor && delegate('onDragEnter')}
      onDragOver={dropFor && delegate('onDragOver')}
      onDragLeave={dropFor && delegate('onDragLeave')}
      onDrop={dropFor && delegate('onDrop')}
    >
      <Tree
      blockNode
      showIcon
      height={height}
      treeData={treeData}
      selectedKeys={[selectedId]}
      expandedKeys={expandedIds}
      onExpand={(keys) => onExpandedChange(keys.map(Number))}
      loadData={(node) => (cache.children.has(Number(node.key)) ? Promise.resolve() : cache.load(Number(node.key)).catch(() => undefined))}
      onSelect={(keys, info) => {
        // Clicking the selected folder again keeps it (antd would unselect it).
        onSelect(Number(keys[0] ?? info.node.key));
      }}
      icon={(node) => {
        if (Number(node.eventKey) === ROOT_ID) return <HomeFilled />;
        return node.expanded ? (
          <FolderOpenFilled style={{ color: token.colorWarning }} />
        ) : (
          <FolderFilled style={{ color: token.colorWarning }} />
        );
      }}
      titleRender={(node) => {
        const id = Number(node.key);
        const target = dropTargetId === id;
        return (
          <span
            data-folder-id={id}
            data-drop-target={target || undefined}
            style={{
              display: 'inline-block',
              padding: '0 4px',
              borderRadius: token.borderRadiusSM,
              outline: target ? `2px dashed ${token.colorPrimary}` : undefined,
              background: target ? token.colorPrimaryBg : undefined,
            }}
          >
            {node.title as string}
          </span>
        );
      }}
    />
    </div>
  );
}
