// A stored file's bytes for the server's own use (a person's data export, issue 40, puts the files they sent in its
// ZIP): found by its public URL as a field holds it, read from wherever the store keeps it (disk or S3).
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { filesEngine } from './engine';

export interface StoredBytes {
  /** Its display name ("CV Nguyễn Văn An.pdf"). */
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** The bytes of the file `url` points to; undefined when it is not one of ours, or gone (deleted, erased). */
export async function storedFileBytes(app: FastifyInstance, url: string): Promise<StoredBytes | undefined> {
  const { catalog, store } = filesEngine(app);
  const file = await catalog.fileByUrl(url);
  if (!file) return undefined;
  // The store answers requests; a plain GET without conditions or a range is the whole file.
  const served = await store.serve({ method: 'GET', headers: {} } as IncomingMessage, file.storedName, { publicCache: false });
  if (served.error || !served.stream) return undefined;
  return { name: file.name, contentType: file.contentType, bytes: await buffer(served.stream) };
}
