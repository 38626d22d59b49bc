// Several server processes behind one port (WORKERS=N on PostgreSQL): Node's cluster module shares
// the listening socket; the primary migrates and seeds once, forks the workers and forks a new one
// when a worker dies. Live events cross processes through LISTEN/NOTIFY (events/hub.ts) and jobs
// are claimed with SKIP LOCKED (jobs/runner.ts), so any worker may be killed.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import type { Config } from './config';

/** How many processes to run; refuses PGlite with more than one (it owns its data directory). */
export function planWorkers(config: Pick<Config, 'workers' | 'databaseUrl'>): number {
  if (config.workers > 1 && !config.databaseUrl)
    throw new Error(
      `WORKERS=${config.workers} needs DATABASE_URL: the embedded PGlite database is opened by one ` +
        'process only. Set DATABASE_URL=postgres://… to run several processes, or leave WORKERS unset.',
    );
  return config.workers;
}

/** A worker that dies sooner than this after its start is forked again after a pause, not at once. */
const QUICK_DEATH_MS = 5_000;
const REFORK_PAUSE_MS = 1_000;

/** The primary: forks `count` workers, replaces dead ones, passes SIGINT/SIGTERM on and exits. */
export function superviseWorkers(count: number): void {
  let stopping = false;
  const born = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    born.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (born.get(worker.id) ?? 0);
    born.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another.`);
    if (lived < QUICK_DEATH_MS) setTimeout(fork, REFORK_PAUSE_MS);
    else fork();
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (let i = 0; i < count; i++) fork();
}
