import { useSyncExternalStore } from 'react';
import { readChunkAnswer } from '../../../../shared/uploads';
import type { ChunkTransport, TransportError, UploadEntry } from '../../../platform/uploads';
import { platform } from '../../session';
import { ApiError, cmsApi } from '../../api/client';

/**
 * The console's one upload queue (browser or desktop engine: see platform/uploads.ts). The browser
 * engine's two calls go through the CMS client, so they carry the bearer token (refreshed when
 * needed) and follow the environment's base URL; they are `quiet` because the upload panel shows
 * each file's error itself instead of one notice per chunk.
 */
const transport: ChunkTransport = {
  async send(form, { signal, onProgress }) {
    try {
      const { data } = await cmsApi.post<unknown>('/chunk/upload', form, {
        signal,
        quiet: true,
        onUploadProgress: (event) => onProgress(event.loaded),
      });
      return readChunkAnswer(data);
    } catch (error) {
      throw asTransportError(error);
    }
  },
  async status(fileId, signal) {
    try {
      const { data } = await cmsApi.get<unknown>(`/chunk/status/${encodeURIComponent(fileId)}`, { signal, quiet: true });
      return readChunkAnswer(data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw asTransportError(error);
    }
  },
};

/** The answer's status and body go to the engine, which turns them into an error code (and the server's Message). */
const asTransportError = (error: unknown): TransportError =>
  error instanceof ApiError
    ? { status: error.status, message: error.message, body: error.data }
    : { message: error instanceof Error ? error.message : String(error) };

export const uploads = platform.uploads(transport);

export function useUploads(): readonly UploadEntry[] {
  return useSyncExternalStore(uploads.subscribe, uploads.list);
}

export type { UploadEntry };
