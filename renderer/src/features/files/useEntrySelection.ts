import { useMemo, useState } from 'react';
import { emptySelection, pruneSelection, type Selection } from './selection';
import { entryKey, type Entry, type FileItem } from './types';

/**
 * The selection among the entries on screen (selection.ts does the arithmetic): what is selected, in order, and
 * the file the picker would choose (the focused one, else the last file selected).
 */
export function useEntrySelection(entries: Entry[]) {
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const order = useMemo(() => entries.map(entryKey), [entries]);
  const byKey = useMemo(() => new Map(entries.map((entry) => [entryKey(entry), entry])), [entries]);

  const current = useMemo(() => pruneSelection(order, selection), [order, selection]);
  const selected = useMemo(() => current.keys.map((key) => byKey.get(key)).filter((e): e is Entry => Boolean(e)), [current, byKey]);
  const selectedKeys = useMemo(() => new Set(current.keys), [current]);

  const chosen = useMemo((): FileItem | null => {
    const focus = current.focus ? byKey.get(current.focus) : undefined;
    const file = focus?.kind === 'file' && selectedKeys.has(current.focus!) ? focus : [...selected].reverse().find((e) => e.kind === 'file');
    return file && file.kind === 'file' ? file : null;
  }, [current, byKey, selected, selectedKeys]);

  return { setSelection, order, byKey, current, selected, selectedKeys, chosen };
}
