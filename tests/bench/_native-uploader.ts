// The uploading side of tests/bench/native-upload.ts and video-upload.ts, run as its own process so its memory is its own:
// the desktop upload engine (main/uploads/engine.ts) under plain Node, as its unit tests run it (no
// Electron: the queue is kept in memory, the token comes from a password grant), sending one file.
// With `client` as fourth argument it sends the file with the desktop app's chunk client alone (no engine: the
// bench's own loop, CHUNKS_IN_FLIGHT chunks at once, upload() in upload-throughput.ts): against the bare receiver,
// that is the desktop engine's ceiling. BENCH_TOKEN skips the sign-in (the bare receiver has none).
// Prints one JSON line: { ms, size, rssBefore, peakRss, hwm }. With a warm-up file, sends that one first, untimed:
// the desktop app's main process is a long-running one, its upload code compiled by the time a big file goes.
//   node --import tsx tests/bench/_native-uploader.ts <serverUrl> <file> [warm-up file|-] [engine|client]
import fs from 'node:fs';
import { createChunkClient } from '../../main/uploads/chunk-client';
import { createUploadEngine, type PersistedUpload } from '../../main/uploads/engine';
import { readStatus, signIn } from './_support';
import { upload } from './upload-throughput';

async function main() {
  const [url, file, warmUpArg, mode = 'engine'] = process.argv.slice(2);
  const warmUp = warmUpArg && warmUpArg !== '-' ? warmUpArg : undefined;
  const token = process.env.BENCH_TOKEN ?? (await signIn(url));
  let send: (path: string) => Promise<number>;
  if (mode === 'client') {
    send = async (path) => (await upload(url, token, path, fs.statSync(path).size)).size;
  } else {
    let queue: PersistedUpload[] = [];
    const engine = createUploadEngine({
      client: createChunkClient({ apiBase: () => `${url}/api` }),
      getAccessToken: async () => token,
      store: { load: () => queue, save: (uploads) => (queue = uploads) },
      onProgress: () => {},
    });
    send = async (path) => {
      await engine.enqueue([path], 0);
      await engine.whenIdle();
      const item = engine.list().at(-1)!;
      if (item.state !== 'completed') throw new Error(`upload ${item.state}: ${JSON.stringify(item.error)}`);
      return item.file!.size;
    };
  }
  if (warmUp) await send(warmUp);
  const rssBefore = readStatus(process.pid).rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, readStatus(process.pid).rss)), 20);
  const start = performance.now();
  const size = await send(file);
  const ms = performance.now() - start;
  clearInterval(sampler);
  const { rss, hwm } = readStatus(process.pid);
  console.log(JSON.stringify({ ms, size, rssBefore, peakRss: Math.max(peakRss, rss), hwm }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
