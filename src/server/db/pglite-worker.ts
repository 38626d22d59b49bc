// Worker-thread side of PGliteThread: owns the PGlite instance and answers its queries in turn.
// PGlite is PostgreSQL compiled to WASM and runs on the thread that calls it: here, so that a
// statement of a second (a 100k-row version read, an import's inserts) never blocks the server's
// requests and live events.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { Request, Reply, ThreadOptions } from './pglite-protocol';
import { errorFields } from './pglite-protocol';

const port = parentPort!;
const opts = workerData as ThreadOptions;
const lite = new PGlite({
  ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
  ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  ...(opts.pgliteWasmModule ? { pgliteWasmModule: opts.pgliteWasmModule } : {}),
  ...(opts.initdbWasmModule ? { initdbWasmModule: opts.initdbWasmModule } : {}),
  ...(opts.sharedBuffers
    ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`] }
    : {}),
});

async function answer(req: Request): Promise<Reply> {
  try {
    if (req.op === 'query') {
      const r = await lite.query(req.sql, [...req.params]);
      return { id: req.id, ok: true, value: { rows: r.rows, affectedRows: r.affectedRows } };
    }
    if (req.op === 'exec') {
      const results = await lite.exec(req.sql);
      return { id: req.id, ok: true, value: results.map((r) => ({ rows: r.rows })) };
    }
    await lite.close();
    return { id: req.id, ok: true, value: null };
  } catch (err) {
    return { id: req.id, ok: false, error: errorFields(err) };
  }
}

lite.waitReady.then(
  () => {
    port.on('message', (req: Request) => void answer(req).then((reply) => port.postMessage(reply)));
    port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies Reply);
  },
  (err: unknown) => port.postMessage({ id: 0, ok: false, error: errorFields(err) } satisfies Reply),
);
