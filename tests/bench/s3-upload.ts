// Uploads to an S3-compatible store, printed for information (issue 30): the desktop upload engine sends the same file
// to the real server with its files on the local disk and with its files in a bucket of the S3 test double (s3rver,
// tests/server/s3-double.ts), in interleaved rounds of one run. On S3 every chunk is put as an object, read back into
// its multipart part (3 chunks, 6 MB) and the parts joined by the store; s3rver keeps objects on this machine's disk
// and joins the parts itself by copying them, so the S3 line measures the double as much as Sitedesk: no target.
//   npx tsx tests/bench/s3-upload.ts        (or: npm run bench -- s3-upload)
// BENCH_S3_SIZE_MB (default 100) picks the size; BENCH_UPLOAD_ROUNDS (3) the rounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MB, UPLOAD_ROUNDS, interleaved, machineLoad, makeFile, mbps, round, runIfMain, startServer, warmRead } from './_support';
import { runUploader } from './native-upload';
import { startS3Double } from '../server/s3-double';

export async function run() {
  const sizeMB = Number(process.env.BENCH_S3_SIZE_MB ?? 100);
  const size = sizeMB * MB;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-s3-bench-'));
  const s3 = await startS3Double('sitedesk-bench');
  try {
    const source = path.join(dir, 'source.pdf');
    const warmUp = path.join(dir, 'warm-up.pdf');
    await makeFile(source, size);
    await makeFile(warmUp, 20 * MB);
    await warmRead(source);
    const disk = await startServer({ DATA_DIR: path.join(dir, 'disk'), DATABASE_URL: '' });
    const bucket = await startServer({ DATA_DIR: path.join(dir, 's3'), DATABASE_URL: '', ...s3.env });
    try {
      console.log(`before: ${machineLoad()}; ${sizeMB} MB, medians of ${UPLOAD_ROUNDS} interleaved rounds (desktop engine → server)`);
      for (const server of [disk, bucket]) await runUploader(server.url, warmUp);
      const ms = await interleaved(UPLOAD_ROUNDS, {
        disk: async () => (await runUploader(disk.url, source, warmUp)).ms,
        s3: async () => (await runUploader(bucket.url, source, warmUp)).ms,
      });
      const rows = [
        { store: 'local disk (DATA_DIR)', MBps: round(mbps(size, ms.disk)) },
        { store: 'S3 double (s3rver)', MBps: round(mbps(size, ms.s3)) },
      ];
      console.table(rows);
      console.log(`S3 upload ${rows[1].MBps} MB/s = ${Math.round((rows[1].MBps / rows[0].MBps) * 100)}% of the local disk's (for information; the double shares this machine's disk and cores)`);
      console.log(`after: ${machineLoad()}`);
      return rows;
    } finally {
      await disk.stop();
      await bucket.stop();
    }
  } finally {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, run);
