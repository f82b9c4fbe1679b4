import type { DragEvent, MouseEvent } from 'react';
import type { DropHandlers } from './FolderTree';
import type { Entry } from './types';

/** What the grid and the list both receive from the manager. */
export interface ItemViewProps {
  entries: Entry[];
  selectedKeys: ReadonlySet<string>;
  focusKey: string | null;
  /** `folder:<id>` while something is dragged over that folder. */
  dropKey: string | null;
  onClick(event: MouseEvent, entry: Entry): void;
  onDoubleClick(entry: Entry): void;
  onContextMenu(entry: Entry): void;
  onDragStart(event: DragEvent, entry: Entry): void;
  onDragEnd(): void;
  /** Drop handlers of a folder item; undefined for files. */
  dropFor(entry: Entry): DropHandlers | undefined;
}
