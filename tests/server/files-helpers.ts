// Helpers for the file manager suites (files*.test.ts): chunked uploads over real multipart requests.
import { createHash, randomUUID } from 'node:crypto';
import type { Res, ServerTestContext } from './harness';

export const CHUNK = 2_000_000;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface ChunkFields {
  fileId: string;
  chunkIndex: number;
  totalChunks: number;
  originalFileName: string;
  folderId?: number;
  totalSize?: number;
}

/** POST /api/chunk/upload with the contract's fields, the bytes last as field `file`. */
export function sendChunk(ctx: ServerTestContext, token: string, fields: ChunkFields, bytes: Uint8Array): Promise<Res> {
  const form = new FormData();
  form.append('folderId', String(fields.folderId ?? 0));
  form.append('fileId', fields.fileId);
  form.append('chunkIndex', String(fields.chunkIndex));
  form.append('totalChunks', String(fields.totalChunks));
  form.append('originalFileName', fields.originalFileName);
  if (fields.totalSize !== undefined) form.append('totalSize', String(fields.totalSize));
  form.append('file', new Blob([bytes]), 'blob');
  return ctx.request('POST', '/api/chunk/upload', { body: form, token });
}

export function chunkCount(size: number) {
  return Math.max(1, Math.ceil(size / CHUNK));
}

export function chunkOf(bytes: Buffer, index: number) {
  return bytes.subarray(index * CHUNK, (index + 1) * CHUNK);
}

/** Uploads a whole file in order; answers the last answer's body (complete: true with the file). */
export async function uploadFile(ctx: ServerTestContext, token: string, name: string, bytes: Buffer, folderId = 0) {
  const fileId = randomUUID();
  const totalChunks = chunkCount(bytes.length);
  let res: Res | undefined;
  for (let i = 0; i < totalChunks; i++) {
    res = await sendChunk(ctx, token, { fileId, chunkIndex: i, totalChunks, originalFileName: name, folderId, totalSize: bytes.length }, chunkOf(bytes, i));
    if (res.status !== 200) throw new Error(`chunk ${i} of ${name} answered ${res.status}: ${res.text}`);
  }
  if (!res!.body.data.complete) throw new Error(`upload of ${name} did not complete: ${res!.text}`);
  return res!.body.data.file as { id: number; name: string; size: number; folderId: number | null; url: string; concurrencyStamp: string };
}

/** GET as bytes (downloads and served files). */
export async function fetchBytes(ctx: ServerTestContext, path: string, init: { token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(ctx.baseUrl + path, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
