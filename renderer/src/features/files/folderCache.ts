import { QueryObserver, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { directoryKey, directoryQuery, loadDirectory } from './api';
import type { Directory, FolderItem } from './types';

/**
 * Subfolders known so far, per parent id (0 = root), for the folder trees: every folder listing the query client
 * holds (read by the view or by expanding a branch). A listing the tree has shown is watched (an observer keeps it
 * on screen): when a change invalidates it (a move, a copy, a delete, or the server's change number) it is read
 * again, so the tree follows.
 */
export interface FolderCache {
  children: ReadonlyMap<number, FolderItem[]>;
  load(parentId: number): Promise<void>;
}

const LISTINGS = ['files', 'directory'] as const;

export function useFolderCache(): FolderCache {
  const client = useQueryClient();
  const readChildren = useCallback(
    () =>
      new Map(
        client
          .getQueriesData<Directory>({ queryKey: LISTINGS })
          .filter(([, directory]) => directory !== undefined)
          .map(([key, directory]) => [Number(key[2]), directory!.folders]),
      ),
    [client],
  );
  const [children, setChildren] = useState<ReadonlyMap<number, FolderItem[]>>(readChildren);
  useEffect(() => {
    const watched = new Map<number, () => void>();
    const update = () => {
      const next = readChildren();
      for (const id of next.keys()) {
        if (!watched.has(id)) watched.set(id, new QueryObserver<Directory>(client, { queryKey: directoryKey(id), queryFn: directoryQuery(id) }).subscribe(() => undefined));
      }
      setChildren(next);
    };
    update();
    const stop = client.getQueryCache().subscribe((event) => {
      if ((event.type === 'added' || event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success')) && event.query.queryKey[0] === LISTINGS[0] && event.query.queryKey[1] === LISTINGS[1]) update();
    });
    return () => {
      stop();
      for (const unsubscribe of watched.values()) unsubscribe();
    };
  }, [client, readChildren]);
  const load = useCallback(async (parentId: number) => void (await loadDirectory(parentId)), []);
  return { children, load };
}
