// The video library's upload (/video): a 200 MB .mp4 dropped into the library, in both engines, against a plain
// local copy of the same file measured in the same run.
//  - browser engine: the real console in Chromium (the page cuts the file with File.slice and sends the chunks);
//    timed from choosing the file to the video's row in the library, with the page's JavaScript heap sampled
//    over CDP (it must stay flat: the file is never read whole);
//  - native engine: the desktop app's upload engine (main/uploads) under plain Node, from the file's path, with
//    the uploading process's RSS.
// Plus the server's peak RSS in each. Starts its own server (SEED_DEMO=1, temp DATA_DIR) serving RENDERER_DIR
// (built first when missing; BENCH_BUILD=1 forces it).
//   npx tsx tests/bench/video-upload.ts        (or: npm run bench -- video)   BENCH_VIDEO_MB=200 picks the size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN } from '../e2e/support';
import { runUploader } from './native-upload';
import { MB, MP4_HEADER, ensureRenderer, launchChromium, localCopy, machineLoad, makeFile, mbps, readStatus, round, runIfMain, sampleRss, startServer } from './_support';

export interface VideoUploadFigures {
  engine: 'browser' | 'native';
  sizeMB: number;
  streamCopyMBps: number;
  uploadMBps: number;
  ratioToStreamCopy: number;
  /** browser: the page's JS heap before and at its peak; native: the uploading process's RSS */
  uploaderBeforeMB: number;
  uploaderPeakMB: number;
  serverPeakRssMB: number;
}

async function browserUpload(url: string, file: string, size: number) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Tên đăng nhập').fill(ADMIN.username);
    await page.getByLabel('Mật khẩu').fill(ADMIN.password);
    await page.getByLabel('Mật khẩu').press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${url}/video`);
    await page.getByTestId('video-library').locator('tbody tr.ant-table-row').first().waitFor();
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
    const before = await heap();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heap().catch(() => 0));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const start = performance.now();
    await page.getByTestId('video-input').setInputFiles(file);
    await page.getByRole('cell', { name: path.basename(file), exact: true }).waitFor({ timeout: 600_000 });
    const ms = performance.now() - start;
    sampling = false;
    await sampler;
    return { ms, size, before, peak };
  } finally {
    await browser.close();
  }
}

async function measure(sizeMB: number): Promise<VideoUploadFigures[]> {
  const size = sizeMB * MB;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-video-bench-'));
  try {
    const source = path.join(dir, 'gioi-thieu-co-so.mp4');
    await makeFile(source, size, MP4_HEADER);
    const copy = await localCopy(source, size, dir);
    const rows: VideoUploadFigures[] = [];
    for (const engine of ['browser', 'native'] as const) {
      const server = await startServer({ DATA_DIR: path.join(dir, `data-${engine}`), DATABASE_URL: '' });
      try {
        const serverRss = sampleRss(server.pid);
        const result =
          engine === 'browser'
            ? await browserUpload(server.url, source, size)
            : await runUploader(server.url, source).then((r) => ({ ms: r.ms, size: r.size, before: r.rssBefore, peak: Math.max(r.peakRss, r.hwm) }));
        const serverPeak = Math.max(serverRss.stop(), readStatus(server.pid).hwm);
        if (result.size !== size) throw new Error(`stored ${result.size} bytes instead of ${size}`);
        const uploadMBps = mbps(size, result.ms);
        rows.push({
          engine,
          sizeMB,
          streamCopyMBps: copy.streamCopyMBps,
          uploadMBps: round(uploadMBps),
          ratioToStreamCopy: round(uploadMBps / copy.streamCopyMBps, 2),
          uploaderBeforeMB: round(result.before / MB),
          uploaderPeakMB: round(result.peak / MB),
          serverPeakRssMB: round(serverPeak / MB),
        });
      } finally {
        await server.stop();
      }
    }
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<VideoUploadFigures[]> {
  ensureRenderer();
  console.log(`before: ${machineLoad()}`);
  const rows = await measure(Number(process.env.BENCH_VIDEO_MB ?? 200));
  console.table(rows);
  for (const r of rows) {
    const memory = r.engine === 'browser' ? `page JS heap ${r.uploaderBeforeMB} → peak ${r.uploaderPeakMB} MB` : `uploader RSS ${r.uploaderBeforeMB} → peak ${r.uploaderPeakMB} MB`;
    console.log(`${r.sizeMB} MB .mp4 into the video library, ${r.engine} engine: ${r.uploadMBps} MB/s = ${Math.round(r.ratioToStreamCopy * 100)}% of a stream copy (${r.streamCopyMBps} MB/s); ${memory}; server peak RSS ${r.serverPeakRssMB} MB`);
  }
  console.log(`after: ${machineLoad()}`);
  return rows;
}

runIfMain(import.meta.url, run);
