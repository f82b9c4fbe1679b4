import { QueryObserver, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { notifyError } from '../../core/notices';
import * as api from './api';
import { useFolderCache } from './folderCache';
import { ROOT_ID, type Directory } from './types';

/**
 * The folder on screen and its listing, through the query client (shared with the folder trees): loads it (the latest
 * request wins), reads it again when a change invalidates it (an action here, a finished upload, the server's change
 * number), keeps the tree's open branches in step, and goes back to the root when the folder is gone. Starts in
 * `initialFolderId` (the root unless told).
 */
export function useDirectory(initialFolderId: number = ROOT_ID) {
  const [folderId, setFolderId] = useState(initialFolderId);
  /** The listing on screen and the folder it belongs to: loading while they differ. */
  const [listing, setListing] = useState<{ id: number; directory: Directory } | null>(null);
  const [expanded, setExpanded] = useState<number[]>([ROOT_ID]);
  const cache = useFolderCache();
  const loadSeq = useRef(0);

  const show = useCallback((id: number, next: Directory) => {
    setListing((previous) => (previous?.id === id && previous.directory === next ? previous : { id, directory: next }));
    // Open the tree down to the folder shown.
    setExpanded((open) => [...new Set([...open, ...next.breadcrumb.map((crumb) => crumb.id)])]);
  }, []);

  /** The failure the latest load has shown (the watcher below does not show it again). */
  const shownError = useRef<unknown>(null);
  const failed = useCallback((id: number, error: unknown) => {
    if (error === shownError.current) return;
    shownError.current = error;
    // The folder is gone (deleted elsewhere): back to the root rather than an empty error screen.
    if (error instanceof ApiError && error.status === 404) setFolderId(ROOT_ID);
    else if (error instanceof ApiError && error.status !== 401) notifyError(error.message);
    // Stop the spinner: show what there was.
    setListing((previous) => (previous ? { ...previous, id } : previous));
  }, []);

  const load = useCallback(
    (id: number, force = false): Promise<void> => {
      const seq = ++loadSeq.current;
      return api.loadDirectory(id, force).then(
        (next) => {
          if (seq !== loadSeq.current) return;
          show(id, next);
        },
        (error: unknown) => {
          if (seq !== loadSeq.current) return;
          failed(id, error);
        },
      );
    },
    [show, failed],
  );

  const client = useQueryClient();
  useEffect(() => {
    // Shown (an observer): read again when a change makes it stale; what a folder tree read for it shows too.
    const observer = new QueryObserver<Directory>(client, { queryKey: api.directoryKey(folderId), queryFn: api.directoryQuery(folderId) });
    const unsubscribe = observer.subscribe((result) => {
      if (result.fetchStatus !== 'idle') return;
      if (result.error) failed(folderId, result.error);
      else if (result.data) show(folderId, result.data);
    });
    // Opening a folder reads it (what another console changed there shows).
    void load(folderId, true);
    return unsubscribe;
  }, [client, folderId, load, show, failed]);

  const reload = useCallback(() => load(folderId, true), [folderId, load]);

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
