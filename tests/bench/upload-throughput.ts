// Upload throughput: a 500 MB (and a 100 MB) file sent through POST /api/chunk/upload on loopback, in
// 2,000,000-byte chunks, as many in flight as the engines send (CHUNKS_IN_FLIGHT), against a plain local copy of the same file; plus the server
// process's memory while it receives (it streams every chunk straight to its place in the upload's part
// file, so its peak must not grow with the file's size).
//   npx tsx tests/bench/upload-throughput.ts        (or: npm run bench -- upload)
// Target: upload ≥ 70% of the local copy's MB/s.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { createChunkClient } from '../../main/uploads/chunk-client';
import { CHUNKS_IN_FLIGHT } from '../../shared/uploads';
import { MB, localCopy, machineLoad, makeFile, mbps, readStatus, round, runIfMain, sampleRss, signIn, startServer, timed } from './_support';

const CHUNK = 2_000_000;
const IN_FLIGHT = CHUNKS_IN_FLIGHT; // as the browser engine sends them

export interface UploadFigures {
  sizeMB: number;
  copyFileMBps: number;
  streamCopyMBps: number;
  uploadMBps: number;
  /** upload MB/s ÷ stream-copy MB/s (both move every byte through user space) */
  ratioToStreamCopy: number;
  /**
   * The same client against a bare receiver — Fastify and @fastify/multipart, each chunk written at its place and
   * nothing else (no sign-in, no bookkeeping, no final flush): what HTTP and multipart parsing allow on this machine.
   */
  bareReceiverMBps: number;
  ratioBareToStreamCopy: number;
  ratioToCopyFile: number;
  /** the answer time of the chunk that completed the upload (it includes finishing the file: one fsync, the move, the record) */
  lastChunkWithAssemblyMs: number;
  serverRssBeforeMB: number;
  serverPeakRssDuringUploadMB: number;
  serverVmHWMMB: number;
}

/**
 * Sends the file in chunks, IN_FLIGHT at a time, reading each chunk from disk just before it goes, with the
 * desktop app's chunk client (node:http, keep-alive, the form written without copying the chunk).
 */
export async function upload(url: string, token: string, file: string, size: number) {
  const client = createChunkClient({ apiBase: () => `${url}/api` });
  const fileId = randomUUID();
  const totalChunks = Math.ceil(size / CHUNK);
  const handle = await open(file, 'r');
  let next = 0;
  let finished: { size: number } | undefined;
  let lastChunkMs = 0;
  const worker = async () => {
    const buffer = Buffer.allocUnsafe(CHUNK); // one per worker, as the desktop engine reads them
    for (let chunkIndex = next++; chunkIndex < totalChunks; chunkIndex = next++) {
      const length = Math.min(CHUNK, size - chunkIndex * CHUNK);
      const bytes = buffer.subarray(0, length);
      await handle.read(bytes, 0, length, chunkIndex * CHUNK);
      const sentAt = performance.now();
      const answer = await client.sendChunk({ folderId: 0, fileId, chunkIndex, totalChunks, originalFileName: 'benchmark.pdf', totalSize: size, bytes }, token);
      if (answer.complete) {
        finished = answer.file;
        lastChunkMs = performance.now() - sentAt;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    await handle.close();
  }
  if (!finished) throw new Error('the upload did not complete');
  return { ...finished, lastChunkMs };
}

/** MB/s of `upload` into a bare Fastify + @fastify/multipart receiver that writes each chunk at its place (see UploadFigures). */
async function bareReceiver(source: string, size: number, dir: string): Promise<number> {
  const target = path.join(dir, 'bare-target');
  const handle = await open(target, 'w');
  const app = Fastify();
  await app.register(multipart);
  const totalChunks = Math.ceil(size / CHUNK);
  let received = 0;
  app.post('/api/chunk/upload', async (request) => {
    const fields: Record<string, string> = {};
    for await (const part of request.parts({ limits: { fileSize: CHUNK + 1, files: 1 }, fileHwm: 1 << 20 })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else {
        let at = Number(fields.chunkIndex) * CHUNK;
        const writes: Promise<unknown>[] = [];
        for await (const bytes of part.file) {
          writes.push(handle.write(bytes, 0, bytes.length, at));
          at += bytes.length;
        }
        await Promise.all(writes);
      }
    }
    const complete = ++received === totalChunks;
    const file = { id: 1, name: 'benchmark.pdf', storedName: 'bench', size, url: '/files/bench', contentType: 'application/pdf', folderId: 0, createTime: new Date().toISOString() };
    return { code: 1, message: 'ok', data: complete ? { fileId: fields.fileId, complete, file } : { fileId: fields.fileId, totalChunks, received: [], complete } };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return mbps(size, await timed(() => upload(url, 'bench', source, size)));
  } finally {
    await app.close();
    await handle.close();
  }
}

async function measure(sizeMB: number): Promise<UploadFigures> {
  const size = sizeMB * MB;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-upload-bench-'));
  try {
    const source = path.join(dir, 'source.pdf');
    await makeFile(source, size);
    const { copyFileMBps, streamCopyMBps } = await localCopy(source, size, dir);

    const dataDir = path.join(dir, 'data');
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const token = await signIn(server.url);
      const before = readStatus(server.pid);
      const sampler = sampleRss(server.pid);
      let file: { size: number; lastChunkMs: number } | undefined;
      const uploadMs = await timed(async () => {
        file = await upload(server.url, token, source, size);
      });
      const peak = sampler.stop();
      const after = readStatus(server.pid);
      if (file?.size !== size) throw new Error(`stored ${file?.size} bytes instead of ${size}`);
      const uploadMBps = mbps(size, uploadMs);
      const bareReceiverMBps = await bareReceiver(source, size, dir);
      return {
        sizeMB,
        copyFileMBps: round(copyFileMBps),
        streamCopyMBps: round(streamCopyMBps),
        uploadMBps: round(uploadMBps),
        ratioToStreamCopy: round(uploadMBps / streamCopyMBps, 2),
        ratioToCopyFile: round(uploadMBps / copyFileMBps, 2),
        bareReceiverMBps: round(bareReceiverMBps),
        ratioBareToStreamCopy: round(bareReceiverMBps / streamCopyMBps, 2),
        lastChunkWithAssemblyMs: Math.round(file.lastChunkMs),
        serverRssBeforeMB: round(before.rss / MB),
        serverPeakRssDuringUploadMB: round(Math.max(peak, after.rss) / MB),
        serverVmHWMMB: round(after.hwm / MB),
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<UploadFigures[]> {
  const sizes = (process.env.BENCH_UPLOAD_SIZES_MB ?? '100,500').split(',').map(Number);
  console.log(`before: ${machineLoad()}`);
  const rows: UploadFigures[] = [];
  for (const sizeMB of sizes) rows.push(await measure(sizeMB));
  console.table(rows);
  for (const r of rows) {
    const verdict = r.ratioToStreamCopy >= 0.7 ? 'meets' : 'misses';
    console.log(
      `${r.sizeMB} MB: upload ${r.uploadMBps} MB/s = ${Math.round(r.ratioToStreamCopy * 100)}% of a stream copy ` +
        `(${Math.round(r.ratioToCopyFile * 100)}% of fs.copyFile); ${verdict} the 70% target; server peak RSS ${r.serverPeakRssDuringUploadMB} MB; ` +
        `a bare Fastify multipart receiver: ${r.bareReceiverMBps} MB/s = ${Math.round(r.ratioBareToStreamCopy * 100)}% of the stream copy`,
    );
  }
  console.log(`after: ${machineLoad()}`);
  return rows;
}

runIfMain(import.meta.url, run);
