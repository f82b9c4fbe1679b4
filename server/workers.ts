// WORKERS=N (docs/api.md "Running", README "Run several instances"): N server processes on one machine sharing the
// port through node:cluster (the primary accepts the connections and hands them to the workers in turn). Each worker
// is a whole server (server/main.ts): several instances on one PostgreSQL database, which the start-up lock, the
// shared signing key and limits and the change number make correct. On SQLite one process serves the file (its
// writes are one at a time anyway, and the limits and caches of a single process are exact): the server says so in
// one line and runs one. The primary only keeps the workers running: one that dies is started again, a signal is
// passed to every worker and the primary ends when they have.
import cluster from 'node:cluster';

export interface WorkerPlan {
  workers: number;
  postgres: boolean;
}

/**
 * In the primary process with more than one worker on PostgreSQL: start them, keep them running and answer true (the
 * caller does nothing more). Anywhere else, false: the caller is the server itself (a worker, or the only process).
 */
export function runWorkers(plan: WorkerPlan, log: (line: string) => void = console.log): boolean {
  if (!cluster.isPrimary || plan.workers <= 1) return false;
  if (!plan.postgres) {
    log(`sitedesk server: WORKERS=${plan.workers} asks for several processes, but SQLite is served by one: running one process`);
    return false;
  }
  let stopping = false;
  const listening = new Set<number>();
  const fork = () => cluster.fork();
  cluster.on('listening', (worker) => listening.add(worker.id));
  for (let i = 0; i < plan.workers; i++) fork();
  log(`sitedesk server: ${plan.workers} worker processes on PostgreSQL sharing the port`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(process.exitCode ?? 0);
      return;
    }
    // One that never listened could not start (the database unreachable, a bad setting): starting it again would fail
    // again, so everything stops with its error, as a single process would.
    if (!listening.has(worker.id)) {
      stopping = true;
      log(`sitedesk server: worker ${worker.process.pid} could not start, stopping`);
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(1);
      return;
    }
    // A worker that died (a crash, an out-of-memory kill) is replaced; the others go on answering meanwhile.
    log(`sitedesk server: worker ${worker.process.pid} ended (${signal ?? code}), starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`sitedesk server: ${signal}, stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return true;
}
