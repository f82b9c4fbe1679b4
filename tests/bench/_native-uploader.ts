// The uploading side of tests/bench/native-upload.ts, run as its own process so its memory is its own:
// the desktop upload engine (main/uploads/engine.ts) under plain Node, as its unit tests run it (no
// Electron: the queue is kept in memory, the token comes from a password grant), sending one file.
// Prints one JSON line: { ms, size, rssBefore, peakRss, hwm }. With a warm-up file, sends that one first, untimed:
// the desktop app's main process is a long-running one, its upload code compiled by the time a big file goes.
//   node --import tsx tests/bench/_native-uploader.ts <serverUrl> <file> [warm-up file]
import { createChunkClient } from '../../main/uploads/chunk-client';
import { createUploadEngine, type PersistedUpload } from '../../main/uploads/engine';
import { readStatus, signIn } from './_support';

async function main() {
  const [url, file, warmUp] = process.argv.slice(2);
  const token = await signIn(url);
  let queue: PersistedUpload[] = [];
  const engine = createUploadEngine({
    client: createChunkClient({ apiBase: () => `${url}/api` }),
    getAccessToken: async () => token,
    store: { load: () => queue, save: (uploads) => (queue = uploads) },
    onProgress: () => {},
  });
  if (warmUp) {
    await engine.enqueue([warmUp], 0);
    await engine.whenIdle();
  }
  const rssBefore = readStatus(process.pid).rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, readStatus(process.pid).rss)), 20);
  const start = performance.now();
  await engine.enqueue([file], 0);
  await engine.whenIdle();
  const ms = performance.now() - start;
  clearInterval(sampler);
  const item = engine.list().at(-1)!;
  if (item.state !== 'completed') throw new Error(`upload ${item.state}: ${JSON.stringify(item.error)}`);
  const { rss, hwm } = readStatus(process.pid);
  console.log(JSON.stringify({ ms, size: item.file!.size, rssBefore, peakRss: Math.max(peakRss, rss), hwm }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
