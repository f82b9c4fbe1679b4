// Test runs keep their temporary folders (databases, DATA_DIRs, the embedded PostgreSQL, browser profiles) in memory
// when the machine has a RAM-backed /dev/shm: the server fsyncs every SQLite commit (synchronous=FULL) and every
// stored file, as it must for real data, and on a VM's shared disk those fsyncs were most of the server suite's time
// (an app's start with its migrations: 7 s on disk, 2.3 s in memory). Nothing a test checks depends on surviving a
// power cut. SITEDESK_TEST_TMP names another folder; elsewhere (macOS, Windows) the system's temporary folder stays.
import fs from 'node:fs';
import path from 'node:path';

/** Points TMPDIR (what os.tmpdir() reads, here and in every process started from here) at the in-memory folder. */
export function useRamTmp(): void {
  const chosen = process.env.SITEDESK_TEST_TMP ?? (process.platform === 'linux' && fs.existsSync('/dev/shm') ? '/dev/shm/sitedesk-tests' : undefined);
  if (!chosen) return;
  try {
    fs.mkdirSync(chosen, { recursive: true });
    fs.accessSync(chosen, fs.constants.W_OK);
  } catch {
    return;
  }
  process.env.TMPDIR = path.resolve(chosen);
}
