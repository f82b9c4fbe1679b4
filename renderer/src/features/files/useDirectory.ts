import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { notifyError } from '../../core/notices';
import { queryCache } from '../../resources/queryCache';
import * as api from './api';
import { useFolderCache } from './folderCache';
import { ROOT_ID, type Directory } from './types';

/**
 * The folder on screen and its listing, through the query cache (shared with the folder trees): loads it (the latest
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

  const load = useCallback((id: number, force = false): Promise<void> => {
    const seq = ++loadSeq.current;
    const key = api.directoryKey(id);
    const read = force ? queryCache.fetch(key, (meta) => api.fetchDirectory(id, { quiet: id !== ROOT_ID }, meta), { force }) : api.loadDirectory(id);
    return read.then(
      (next) => {
        if (seq !== loadSeq.current) return;
        show(id, next);
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
  }, [show]);

  useEffect(() => {
    const key = api.directoryKey(folderId);
    // Shown: read again when it goes stale; what a folder tree read again for it shows too.
    const unsubscribe = queryCache.subscribe(key, () => {
      const state = queryCache.peek<Directory>(key);
      if (state.fetching) return;
      if (state.stale && state.error === undefined) void load(folderId);
      else if (state.error instanceof ApiError && state.error.status === 404) setFolderId(ROOT_ID);
      else if (state.data && state.error === undefined) show(folderId, state.data);
    });
    // Opening a folder reads it (what another console changed there shows).
    void load(folderId, true);
    return unsubscribe;
  }, [folderId, load, show]);

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
