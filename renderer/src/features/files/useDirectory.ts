import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { notifyError } from '../../core/notices';
import * as api from './api';
import { useFolderCache } from './folderCache';
import { ROOT_ID, type Directory } from './types';

/**
 * The folder on screen and its listing: loads it (the latest request wins), keeps the folder cache and the tree's
 * open branches in step, and goes back to the root when the folder is gone. Starts in `initialFolderId` (the root
 * unless told).
 */
export function useDirectory(initialFolderId: number = ROOT_ID) {
  const [folderId, setFolderId] = useState(initialFolderId);
  /** The listing on screen and the folder it belongs to: loading while they differ. */
  const [listing, setListing] = useState<{ id: number; directory: Directory } | null>(null);
  const [expanded, setExpanded] = useState<number[]>([ROOT_ID]);
  const cache = useFolderCache();
  const { put: putFolders } = cache;
  const loadSeq = useRef(0);

  const load = useCallback(
    (id: number): Promise<void> => {
      const seq = ++loadSeq.current;
      return api.fetchDirectory(id, { quiet: id !== ROOT_ID }).then(
        (next) => {
          if (seq !== loadSeq.current) return;
          setListing({ id, directory: next });
          putFolders(id, next.folders);
          // Open the tree down to the folder shown.
          setExpanded((open) => [...new Set([...open, ...next.breadcrumb.map((crumb) => crumb.id)])]);
        },
        (error: unknown) => {
          if (seq !== loadSeq.current) return;
          // The folder is gone (deleted elsewhere): back to the root rather than an empty error screen.
          if (error instanceof ApiError && error.status === 404) setFolderId(ROOT_ID);
          else if (error instanceof ApiError && error.status !== 401) notifyError(error.message);
          // Stop the spinner: show what there was.
          setListing((previous) => (previous ? { ...previous, id } : previous));
        },
      );
    },
    [putFolders],
  );

  useEffect(() => {
    void load(folderId);
  }, [folderId, load]);

  const reload = useCallback(() => load(folderId), [folderId, load]);

  return {
    folderId,
    setFolderId,
    directory: listing?.directory ?? null,
    loading: listing?.id !== folderId,
    reload,
    expanded,
    setExpanded,
    cache,
  };
}
