// PGlite in a worker thread, seen from the server: the part of PGlite's interface the server uses
// (query, exec, close), each call a message answered in turn. Kysely's PGlite
// dialect takes it as it is. Results and parameters cross by structured clone (Dates, objects,
// Uint8Arrays keep their types); a database error comes back with PostgreSQL's fields (code …).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Reply, Request, ThreadOptions } from './pglite-protocol';
import { errorFrom } from './pglite-protocol';

const entry = new URL(`./pglite-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * PGlite's two WebAssembly modules, compiled once per process: a thread started with them skips
 * the compile (and V8's optimising tier-up of 10 MB of code), which every database of the
 * integration suite paid again.
 */
let compiled: Promise<Pick<ThreadOptions, 'pgliteWasmModule' | 'initdbWasmModule'>> | null = null;
function compiledModules() {
  compiled ??= (async () => {
    const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiled;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
/** A request before it is numbered (each variant of Request without its id). */
type Ask<R = Request> = R extends Request ? Omit<R, 'id'> : never;

export interface QueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number;
}

export class PGliteThread {
  closed = false;
  private next = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(errorFrom(m.error));
    });
    const fail = (err: unknown) => {
      for (const p of this.pending.values())
        p.reject(err instanceof Error ? err : new Error('database thread stopped'));
      this.pending.clear();
      this.closed = true;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('database thread stopped')));
  }

  /** Starts the thread and waits until the database is open. */
  static async open(options: ThreadOptions): Promise<PGliteThread> {
    const opts: ThreadOptions = { ...options, ...(await compiledModules()) };
    // TypeScript sources (development, tests) need the tsx loader registered in the thread too.
    const worker = entry.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`,
          { eval: true, workerData: opts },
        )
      : new Worker(entry, { workerData: opts });
    const thread = new PGliteThread(worker);
    await new Promise<void>((resolve, reject) => thread.pending.set(0, { resolve: () => resolve(), reject }));
    return thread;
  }

  private ask<T>(req: Ask): Promise<T> {
    if (this.closed) return Promise.reject(new Error('database is closed'));
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...req, id } as Request);
    });
  }

  query(sql: string, params: readonly unknown[] = []): Promise<QueryResult> {
    return this.ask({ op: 'query', sql, params });
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.ask({ op: 'exec', sql });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.ask({ op: 'close' });
    this.closed = true;
    await this.worker.terminate();
  }
}
