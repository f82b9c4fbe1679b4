// Upload throughput: a 500 MB (and a 100 MB) file sent through POST /api/chunk/upload on loopback, in
// 2,000,000-byte chunks, as many in flight as the engines send (CHUNKS_IN_FLIGHT), against a plain local copy of the same file; plus the server
// process's memory while it receives (it streams every chunk straight to its place in the upload's part
// file, so its peak must not grow with the file's size). The copies, the uploads and the bare receiver's uploads run
// in interleaved rounds (BENCH_UPLOAD_ROUNDS, 3), the disk settled before each; every figure is the median.
//   npx tsx tests/bench/upload-throughput.ts        (or: npm run bench -- upload)
// Target: upload ≥ 70% of the local copy's MB/s.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createChunkClient } from '../../main/uploads/chunk-client';
import { CHUNKS_IN_FLIGHT } from '../../shared/uploads';
import { MB, UPLOAD_ROUNDS, copyPhases, interleaved, machineLoad, makeFile, mbps, processCpuSeconds, readStatus, round, runIfMain, sampleRss, signIn, startBareReceiver, startServer, timed, warmRead } from './_support';

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
   * The same client against the bare receiver (tests/bench/_bare-receiver.ts, its own process): Fastify and
   * @fastify/multipart, each chunk written at its place, the file fsync'd at the end, and nothing else — what HTTP,
   * multipart parsing and the disk allow on this machine.
   */
  bareReceiverMBps: number;
  ratioBareToStreamCopy: number;
  /** upload MB/s ÷ bare receiver MB/s: what the server's bookkeeping costs the chunk client */
  ratioToBare: number;
  /** CPU (user + system, all threads) each receiving process spent per MB received, over the timed rounds */
  serverCpuMsPerMB: number;
  bareCpuMsPerMB: number;
  ratioToCopyFile: number;
  /** the answer time of the chunk that completed the upload, the slowest of the rounds (it includes finishing the file: one fsync, the move, the record) */
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

/** Warms the server's code paths (a running server has received uploads before) with a small file. */
async function warmUp(url: string, token: string, dir: string) {
  const file = path.join(dir, 'warm-up.pdf');
  await makeFile(file, 20 * MB);
  await upload(url, token, file, 20 * MB);
  fs.rmSync(file);
}

async function measure(sizeMB: number): Promise<UploadFigures> {
  const size = sizeMB * MB;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-upload-bench-'));
  try {
    const source = path.join(dir, 'source.pdf');
    await makeFile(source, size);
    await warmRead(source);
    const server = await startServer({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' });
    const bareDir = path.join(dir, 'bare');
    fs.mkdirSync(bareDir);
    const bare = await startBareReceiver(bareDir);
    try {
      const token = await signIn(server.url);
      await warmUp(server.url, token, dir);
      await warmUp(bare.url, 'bench', dir);
      const before = readStatus(server.pid);
      const sampler = sampleRss(server.pid);
      const lastChunk: number[] = [];
      const cpu = { server: 0, bare: 0 };
      /** Times `send` and adds the CPU seconds `pid` spent meanwhile to cpu[side]. */
      const metered = (side: 'server' | 'bare', pid: number, send: () => Promise<unknown>) => async () => {
        const before = processCpuSeconds(pid);
        const ms = await timed(send);
        cpu[side] += processCpuSeconds(pid) - before;
        return ms;
      };
      const ms = await interleaved(UPLOAD_ROUNDS, {
        ...copyPhases(source, dir),
        upload: metered('server', server.pid, async () => {
          const file = await upload(server.url, token, source, size);
          if (file.size !== size) throw new Error(`stored ${file.size} bytes instead of ${size}`);
          lastChunk.push(file.lastChunkMs);
        }),
        bare: metered('bare', bare.pid, () => upload(bare.url, 'bench', source, size)),
      });
      const cpuMsPerMB = (seconds: number) => round((seconds * 1000) / ((size / MB) * UPLOAD_ROUNDS), 2);
      const peak = sampler.stop();
      const after = readStatus(server.pid);
      const [copyFileMBps, streamCopyMBps, uploadMBps, bareReceiverMBps] = [ms.copyFile, ms.streamCopy, ms.upload, ms.bare].map((t) => mbps(size, t));
      return {
        sizeMB,
        copyFileMBps: round(copyFileMBps),
        streamCopyMBps: round(streamCopyMBps),
        uploadMBps: round(uploadMBps),
        ratioToStreamCopy: round(uploadMBps / streamCopyMBps, 2),
        ratioToCopyFile: round(uploadMBps / copyFileMBps, 2),
        bareReceiverMBps: round(bareReceiverMBps),
        ratioBareToStreamCopy: round(bareReceiverMBps / streamCopyMBps, 2),
        ratioToBare: round(uploadMBps / bareReceiverMBps, 2),
        serverCpuMsPerMB: cpuMsPerMB(cpu.server),
        bareCpuMsPerMB: cpuMsPerMB(cpu.bare),
        lastChunkWithAssemblyMs: Math.round(Math.max(...lastChunk)),
        serverRssBeforeMB: round(before.rss / MB),
        serverPeakRssDuringUploadMB: round(Math.max(peak, after.rss) / MB),
        serverVmHWMMB: round(after.hwm / MB),
      };
    } finally {
      await Promise.all([server.stop(), bare.stop()]);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<UploadFigures[]> {
  const sizes = (process.env.BENCH_UPLOAD_SIZES_MB ?? '100,500').split(',').map(Number);
  console.log(`before: ${machineLoad()}; medians of ${UPLOAD_ROUNDS} interleaved rounds`);
  const rows: UploadFigures[] = [];
  for (const sizeMB of sizes) rows.push(await measure(sizeMB));
  console.table(rows);
  for (const r of rows) {
    const verdict = r.ratioToStreamCopy >= 0.7 ? 'meets' : 'misses';
    console.log(
      `${r.sizeMB} MB: upload ${r.uploadMBps} MB/s = ${Math.round(r.ratioToStreamCopy * 100)}% of a stream copy ` +
        `(${Math.round(r.ratioToCopyFile * 100)}% of fs.copyFile); ${verdict} the 70% target; server peak RSS ${r.serverPeakRssDuringUploadMB} MB; ` +
        `the bare receiver: ${r.bareReceiverMBps} MB/s = ${Math.round(r.ratioBareToStreamCopy * 100)}% of the stream copy; ` +
        `the server reaches ${Math.round(r.ratioToBare * 100)}% of the bare receiver, spending ${r.serverCpuMsPerMB} CPU ms per MB to its ${r.bareCpuMsPerMB}`,
    );
  }
  console.log(`after: ${machineLoad()}`);
  return rows;
}

runIfMain(import.meta.url, run);
