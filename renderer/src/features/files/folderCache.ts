import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchDirectory } from './api';
import type { FolderItem } from './types';

/**
 * Subfolders known so far, per parent id (0 = root), for the folder trees. Filled lazily as folders are
 * expanded, and by every directory the view loads, so the tree follows what the view shows.
 */
export interface FolderCache {
  children: ReadonlyMap<number, FolderItem[]>;
  put(parentId: number, folders: FolderItem[]): void;
  load(parentId: number): Promise<void>;
  /** Reload the given parents if they were loaded already (after a move, copy, delete…). */
  refresh(parentIds: Iterable<number>): Promise<void>;
}

export function useFolderCache(): FolderCache {
  const [children, setChildren] = useState<ReadonlyMap<number, FolderItem[]>>(() => new Map());
  const current = useRef(children);
  useEffect(() => {
    current.current = children;
  }, [children]);

  const put = useCallback((parentId: number, folders: FolderItem[]) => {
    setChildren((previous) => {
      const next = new Map(previous);
      next.set(parentId, folders);
      return next;
    });
  }, []);
  const load = useCallback(async (parentId: number) => put(parentId, (await fetchDirectory(parentId, { quiet: true })).folders), [put]);
  const refresh = useCallback(
    async (parentIds: Iterable<number>) => {
      const wanted = [...new Set(parentIds)].filter((id) => current.current.has(id));
      await Promise.all(wanted.map((id) => load(id).catch(() => undefined)));
    },
    [load],
  );
  return { children, put, load, refresh };
}
