import { Table, Typography, theme } from 'antd';
import { formatDateTime } from '../../core/dates';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './fileTypes';
import { ItemIcon } from './ItemIcon';
import type { ItemViewProps } from './itemViews';
import { entryKey, type Entry } from './types';

/** Rows: name, size, last change. Selection is the manager's (mouse and keyboard), not the table's checkboxes. */
export default function FileTable({ entries, selectedKeys, dropKey, onClick, onDoubleClick, onContextMenu, onDragStart, onDragEnd, dropFor }: ItemViewProps) {
  const { t } = useTranslation('files');
  const { token } = theme.useToken();
  return (
    <Table<Entry>
      size="small"
      rowKey={entryKey}
      dataSource={entries}
      pagination={false}
      rowClassName={(entry) => (selectedKeys.has(entryKey(entry)) ? 'ant-table-row-selected' : '')}
      onRow={(entry) => {
        const key = entryKey(entry);
        const isTarget = entry.kind === 'folder' && dropKey === `folder:${entry.id}`;
        return {
          role: 'option',
          'aria-selected': selectedKeys.has(key),
          'data-entry-key': key,
          'data-kind': entry.kind,
          'data-name': entry.name,
          'data-drop-target': isTarget || undefined,
          draggable: true,
          onClick: (event) => onClick(event, entry),
          onDoubleClick: () => onDoubleClick(entry),
          onContextMenu: () => onContextMenu(entry),
          onDragStart: (event) => onDragStart(event, entry),
          onDragEnd,
          ...dropFor(entry),
          style: { userSelect: 'none', outline: isTarget ? `2px dashed ${token.colorPrimary}` : undefined, outlineOffset: -2 },
        } as React.HTMLAttributes<HTMLElement>;
      }}
      columns={[
        {
          key: 'name',
          title: t('name'),
          ellipsis: true,
          render: (_, entry) => (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, maxWidth: '100%' }}>
              <span style={{ width: 24, display: 'inline-flex', justifyContent: 'center', flexShrink: 0 }}>
                <ItemIcon entry={entry} size={24} />
              </span>
              <Typography.Text ellipsis>{entry.name}</Typography.Text>
            </span>
          ),
        },
        { key: 'size', title: t('size'), width: 110, align: 'right', render: (_, entry) => (entry.kind === 'file' ? formatBytes(entry.size) : '') },
        {
          key: 'updated',
          title: t('modified'),
          width: 170,
          render: (_, entry) => formatDateTime(entry.updateTime),
        },
      ]}
    />
  );
}
