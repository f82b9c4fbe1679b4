import { useCallback, useEffect, useState } from 'react';
import { queryCache } from '../../resources/queryCache';
import { directoryKey, loadDirectory } from './api';
import type { Directory, FolderItem } from './types';

/**
 * Subfolders known so far, per parent id (0 = root), for the folder trees: every folder listing in the query cache
 * (read by the view or by expanding a branch). A listing the tree has shown is watched: when a change invalidates it
 * (a move, a copy, a delete, or the server's change number) it is read again, so the tree follows.
 */
export interface FolderCache {
  children: ReadonlyMap<number, FolderItem[]>;
  load(parentId: number): Promise<void>;
}

const LISTINGS = ['files', 'directory'] as const;
const readChildren = () => new Map(queryCache.valuesUnder<Directory>(LISTINGS).map(([key, directory]) => [Number(key[2]), directory.folders]));

export function useFolderCache(): FolderCache {
  const [children, setChildren] = useState<ReadonlyMap<number, FolderItem[]>>(readChildren);
  useEffect(() => {
    const watched = new Map<number, () => void>();
    const update = () => {
      for (const id of readChildren().keys()) {
        if (watched.has(id)) continue;
        watched.set(
          id,
          queryCache.subscribe(directoryKey(id), () => {
            const state = queryCache.peek(directoryKey(id));
            if (state.stale && !state.fetching && state.error === undefined) void loadDirectory(id).catch(() => undefined);
          }),
        );
      }
      setChildren(readChildren());
    };
    update();
    const stop = queryCache.subscribeUnder(LISTINGS, update);
    return () => {
      stop();
      for (const unsubscribe of watched.values()) unsubscribe();
    };
  }, []);
  const load = useCallback(async (parentId: number) => void (await loadDirectory(parentId)), []);
  return { children, load };
}
