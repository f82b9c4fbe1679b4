import { Typography, theme } from 'antd';
import { ItemIcon } from './ItemIcon';
import type { ItemViewProps } from './itemViews';
import { entryKey } from './types';

const TILE = 116;
const ICON = 72;

/** Tiles: a thumbnail for images, an icon otherwise, the name below. */
export default function FileGrid({ entries, selectedKeys, focusKey, dropKey, onClick, onDoubleClick, onContextMenu, onDragStart, onDragEnd, dropFor }: ItemViewProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${TILE}px, 1fr))`, gap: 8 }}>
      {entries.map((entry) => {
        const key = entryKey(entry);
        const isSelected = selectedKeys.has(key);
        const isTarget = dropKey === `folder:${entry.id}` && entry.kind === 'folder';
        return (
          <div
            key={key}
            role="option"
            aria-selected={isSelected}
            data-entry-key={key}
            data-kind={entry.kind}
            data-name={entry.name}
            data-drop-target={isTarget || undefined}
            title={entry.name}
            draggable
            onClick={(event) => onClick(event, entry)}
            onDoubleClick={() => onDoubleClick(entry)}
            onContextMenu={() => onContextMenu(entry)}
            onDragStart={(event) => onDragStart(event, entry)}
            onDragEnd={onDragEnd}
            {...dropFor(entry)}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 6,
              padding: 8,
              borderRadius: token.borderRadius,
              cursor: 'default',
              userSelect: 'none',
              border: `1px solid ${isTarget ? token.colorPrimary : isSelected ? token.colorPrimaryBorder : 'transparent'}`,
              outline: isTarget ? `2px dashed ${token.colorPrimary}` : focusKey === key && isSelected ? `1px solid ${token.colorPrimary}` : undefined,
              background: isTarget ? token.colorPrimaryBgHover : isSelected ? token.colorPrimaryBg : undefined,
            }}
          >
            <div style={{ width: ICON, height: ICON, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
              <ItemIcon entry={entry} size={ICON} />
            </div>
            <Typography.Text style={{ width: '100%', textAlign: 'center', fontSize: 12, pointerEvents: 'none' }} ellipsis>
              {entry.name}
            </Typography.Text>
          </div>
        );
      })}
    </div>
  );
}
