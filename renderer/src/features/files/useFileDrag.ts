import { useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { DropHandlers } from './FolderTree';
import { clickSelect, type Selection } from './selection';
import { entryKey, type Entry } from './types';

/** Items dragged inside the console carry this type, so a drop can tell them from the user's files. */
const INTERNAL_DRAG = 'application/x-sitedesk-files';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
const isInternal = (event: DragEvent) => Array.from(event.dataTransfer.types).includes(INTERNAL_DRAG);
/** Ctrl (⌘ on a Mac): toggles in a selection, copies in a drop. */
export const toggleKey = (event: MouseEvent | KeyboardEvent | DragEvent) => event.ctrlKey || event.metaKey;

export interface FileDragOptions {
  order: string[];
  current: Selection;
  selected: Entry[];
  selectedKeys: Set<string>;
  setSelection(selection: Selection): void;
  upload(files: File[], target: number): Promise<void>;
  move(items: Entry[], target: number): Promise<void>;
  copy(items: Entry[], target: number): Promise<void>;
}

/**
 * Drag and drop in the file manager: our items onto a folder (the tree, the breadcrumb, a folder tile, the view)
 * move them, or copy them with Ctrl/⌥; the user's files dropped there upload into that folder. `dropKey` names
 * the target under the pointer, for its highlight.
 */
export function useFileDrag({ order, current, selected, selectedKeys, setSelection, upload, move, copy }: FileDragOptions) {
  const [dropKey, setDropKey] = useState<string | null>(null);
  /** Items of ours being dragged (a drop cannot read the drag data before it happens). */
  const [dragged, setDragged] = useState<Entry[]>([]);

  const onItemDragStart = (event: DragEvent, entry: Entry) => {
    const key = entryKey(entry);
    const items = selectedKeys.has(key) ? selected : [entry];
    if (!selectedKeys.has(key)) setSelection(clickSelect(order, current, key));
    setDragged(items);
    event.dataTransfer.setData(INTERNAL_DRAG, JSON.stringify(items.map(entryKey)));
    event.dataTransfer.setData('text/plain', items.map((e) => e.name).join('\n'));
    event.dataTransfer.effectAllowed = 'copyMove';
  };
  const onItemDragEnd = () => {
    setDragged([]);
    setDropKey(null);
  };

  /** Whether dropping what is dragged onto `folder` makes sense (the user's files; our items not into themselves). */
  const acceptsDrop = (event: DragEvent, target: number) => {
    if (hasFiles(event)) return true;
    if (!isInternal(event)) return false;
    return !dragged.some((entry) => entry.kind === 'folder' && entry.id === target);
  };

  const dropFor = (target: number, key: string): DropHandlers => ({
    onDragEnter: (event) => {
      if (!acceptsDrop(event, target)) return;
      event.preventDefault();
      event.stopPropagation();
      setDropKey(key);
    },
    onDragOver: (event) => {
      if (!acceptsDrop(event, target)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = hasFiles(event) ? 'copy' : toggleKey(event) ? 'copy' : 'move';
      if (dropKey !== key) setDropKey(key);
    },
    onDragLeave: (event) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      setDropKey((now) => (now === key ? null : now));
    },
    onDrop: (event) => {
      if (!acceptsDrop(event, target)) return;
      event.preventDefault();
      event.stopPropagation();
      setDropKey(null);
      if (hasFiles(event)) {
        void upload(Array.from(event.dataTransfer.files), target);
      } else {
        const items = dragged;
        setDragged([]);
        // Ctrl/⌥ while dropping copies, as desktops do; otherwise the items move.
        if (toggleKey(event) || event.altKey) void copy(items, target);
        else void move(items, target);
      }
    },
  });

  return { dropKey, onItemDragStart, onItemDragEnd, dropFor };
}
