// Native upload throughput (desktop app): a 100 MB and a 500 MB file sent from disk by the desktop upload
// engine (main/uploads/engine.ts with its chunk client, under plain Node as in its unit tests) to the real
// server on loopback, against a plain local copy of the same file measured in the same run; plus the
// memory of the uploading process (it reads one 2,000,000-byte chunk at a time, so its peak must not
// grow with the file's size) and of the server.
//   npx tsx tests/bench/native-upload.ts        (or: npm run bench -- native)
// Target: upload ≥ 70% of the local copy's MB/s (the stream copy that fsyncs, like the server); memory flat.
// BENCH_UPLOAD_SIZES_MB=100,500 picks the sizes. Copies and uploads run in interleaved rounds (BENCH_UPLOAD_ROUNDS,
// 3), the disk settled before each; the speeds are medians, the memory figures the highest of the rounds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MB, ROOT, UPLOAD_ROUNDS, copyPhases, interleaved, machineLoad, makeFile, mbps, readStatus, round, runIfMain, sampleRss, startServer, warmRead } from './_support';

export interface NativeUploadFigures {
  sizeMB: number;
  copyFileMBps: number;
  streamCopyMBps: number;
  uploadMBps: number;
  /** upload MB/s ÷ stream-copy MB/s */
  ratioToStreamCopy: number;
  uploaderRssBeforeMB: number;
  uploaderPeakRssMB: number;
  /** peak minus before: what sending the file cost the uploading process */
  uploaderGrowthMB: number;
  serverPeakRssMB: number;
}

interface UploaderResult {
  ms: number;
  size: number;
  rssBefore: number;
  peakRss: number;
  hwm: number;
}

/**
 * Runs the engine in its own process (tests/bench/_native-uploader.ts) and reads its JSON answer; with `warmUp`, that
 * process sends the warm-up file first, untimed (see there). `client: true` sends with the chunk client alone (no
 * engine), `token` instead of signing in (the bare receiver has no sign-in).
 */
export function runUploader(url: string, file: string, warmUp?: string, options: { client?: boolean; token?: string } = {}): Promise<UploaderResult> {
  return new Promise((resolve, reject) => {
    const args = [url, file, warmUp ?? '-', options.client ? 'client' : 'engine'];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('tests', 'bench', '_native-uploader.ts'), ...args], {
      cwd: ROOT,
      env: options.token ? { ...process.env, BENCH_TOKEN: options.token } : process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`uploader exited with ${code}: ${out}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as UploaderResult);
      } catch (err) {
        reject(err);
      }
    });
  });
}

async function measure(sizeMB: number): Promise<NativeUploadFigures> {
  const size = sizeMB * MB;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-native-bench-'));
  try {
    const source = path.join(dir, 'source.pdf');
    await makeFile(source, size);
    await warmRead(source);
    const server = await startServer({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' });
    try {
      // The server and the engine are warm before the clock starts, as running ones are: they have moved a file already.
      const warmUp = path.join(dir, 'warm-up.pdf');
      await makeFile(warmUp, 20 * MB);
      await runUploader(server.url, warmUp);
      const serverRss = sampleRss(server.pid);
      const uploaders: UploaderResult[] = [];
      const ms = await interleaved(UPLOAD_ROUNDS, {
        ...copyPhases(source, dir),
        upload: async () => {
          const result = await runUploader(server.url, source, warmUp);
          if (result.size !== size) throw new Error(`stored ${result.size} bytes instead of ${size}`);
          uploaders.push(result);
          return result.ms;
        },
      });
      const serverPeak = serverRss.stop();
      const uploadMBps = mbps(size, ms.upload);
      const streamCopyMBps = mbps(size, ms.streamCopy);
      const growth = (r: UploaderResult) => Math.max(r.peakRss, r.hwm) - r.rssBefore;
      const worst = uploaders.reduce((a, b) => (growth(b) > growth(a) ? b : a));
      return {
        sizeMB,
        copyFileMBps: round(mbps(size, ms.copyFile)),
        streamCopyMBps: round(streamCopyMBps),
        uploadMBps: round(uploadMBps),
        ratioToStreamCopy: round(uploadMBps / streamCopyMBps, 2),
        uploaderRssBeforeMB: round(worst.rssBefore / MB),
        uploaderPeakRssMB: round(Math.max(worst.peakRss, worst.hwm) / MB),
        uploaderGrowthMB: round(growth(worst) / MB),
        serverPeakRssMB: round(Math.max(serverPeak, readStatus(server.pid).hwm) / MB),
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<NativeUploadFigures[]> {
  const sizes = (process.env.BENCH_UPLOAD_SIZES_MB ?? '100,500').split(',').map(Number);
  console.log(`before: ${machineLoad()}; medians of ${UPLOAD_ROUNDS} interleaved rounds`);
  const rows: NativeUploadFigures[] = [];
  for (const sizeMB of sizes) rows.push(await measure(sizeMB));
  console.table(rows);
  for (const r of rows) {
    console.log(
      `${r.sizeMB} MB: native upload ${r.uploadMBps} MB/s = ${Math.round(r.ratioToStreamCopy * 100)}% of a stream copy ` +
        `(${r.streamCopyMBps} MB/s); ${r.ratioToStreamCopy >= 0.7 ? 'meets' : 'misses'} the 70% target; ` +
        `uploader RSS ${r.uploaderRssBeforeMB} → peak ${r.uploaderPeakRssMB} MB (+${r.uploaderGrowthMB}), server peak ${r.serverPeakRssMB} MB`,
    );
  }
  console.log(`after: ${machineLoad()}`);
  return rows;
}

runIfMain(import.meta.url, run);
