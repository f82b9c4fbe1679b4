/**
 * The wire side of chunked uploads (brief: "Chunked upload contract"): one multipart POST per
 * chunk to `{api}/chunk/upload`, and `GET {api}/chunk/status/{fileId}` to learn what the server
 * already holds when resuming.
 */
export const CHUNK_SIZE = 2_000_000;

export interface StoredFile {
  id: number;
  name: string;
  size: number;
  /** null: the root folder */
  folderId: number | null;
  url: string;
}

/** `data` of both answers. */
export type ChunkStatus =
  | { fileId: string; complete: false; totalChunks: number; received: number[] }
  | { fileId: string; complete: true; file: StoredFile };

export interface ChunkPart {
  folderId: number;
  fileId: string;
  chunkIndex: number;
  totalChunks: number;
  originalFileName: string;
  totalSize: number;
  bytes: Uint8Array;
}

/** A failed call: `status` 0 when the server could not be reached. */
export class ChunkHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ChunkHttpError';
  }
  /** Worth trying again: network trouble, rate limiting, or the server's own failure. */
  get transient() {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export interface ChunkClientDeps {
  apiBase: () => string;
  fetch?: typeof fetch;
}

async function failure(response: Response): Promise<ChunkHttpError> {
  const text = await response.text().catch(() => '');
  let message = text.slice(0, 300) || `HTTP ${response.status}`;
  try {
    const body = JSON.parse(text) as { Message?: unknown; message?: unknown };
    const found = body.Message ?? body.message;
    if (typeof found === 'string' && found) message = found;
  } catch {
    // not JSON: keep the text
  }
  return new ChunkHttpError(response.status, message);
}

export function createChunkClient(deps: ChunkClientDeps) {
  const doFetch = deps.fetch ?? fetch;
  const call = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      return await doFetch(url, init);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ChunkHttpError(0, `Không kết nối được máy chủ (${(error as Error).message}).`);
    }
  };

  return {
    async sendChunk(part: ChunkPart, token: string, signal?: AbortSignal): Promise<ChunkStatus> {
      const form = new FormData();
      form.append('folderId', String(part.folderId));
      form.append('fileId', part.fileId);
      form.append('chunkIndex', String(part.chunkIndex));
      form.append('totalChunks', String(part.totalChunks));
      form.append('originalFileName', part.originalFileName);
      form.append('totalSize', String(part.totalSize));
      // The bytes go last: the server may stream the file part as soon as it sees it.
      form.append('file', new Blob([part.bytes]), part.originalFileName);
      const response = await call(`${deps.apiBase()}/chunk/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        body: form,
        signal,
      });
      if (!response.ok) throw await failure(response);
      return ((await response.json()) as { data: ChunkStatus }).data;
    },

    /** What the server holds for `fileId`; null when it holds nothing (404). */
    async status(fileId: string, token: string, signal?: AbortSignal): Promise<ChunkStatus | null> {
      const response = await call(`${deps.apiBase()}/chunk/status/${encodeURIComponent(fileId)}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        signal,
      });
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response);
      return ((await response.json()) as { data: ChunkStatus }).data;
    },
  };
}
export type ChunkClient = ReturnType<typeof createChunkClient>;
