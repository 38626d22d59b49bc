// Runs the IFC reader (ifc-parse.ts) in a worker thread of its own per upload, so a large model
// never blocks requests and its WASM memory is released when the thread ends. A parse past the
// time limit has its thread terminated.
import { Worker } from 'node:worker_threads';
import { BimParseError } from './ifc-parse';
import type { ParsedModel } from './ifc-parse';

const TIMEOUT_MS = 300_000;
const entry = new URL(`./ifc-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export function parseIfcInWorker(bytes: Uint8Array, onProgress: (p: number) => void): Promise<ParsedModel> {
  // TypeScript sources (development, tests) need the tsx loader registered in the thread too.
  const w = entry.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`,
        { eval: true },
      )
    : new Worker(entry);
  return new Promise<ParsedModel>((resolve, reject) => {
    let settled = false;
    const done = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
      void w.terminate();
    };
    const timer = setTimeout(
      () => done(() => reject(new BimParseError('bim.truncated', { reason: 'timeout' }))),
      TIMEOUT_MS,
    );
    w.on(
      'message',
      (
        m:
          | { progress: number }
          | { ok: true; model: ParsedModel }
          | { ok: false; code: BimParseError['code']; params: Record<string, string | number> },
      ) => {
        if ('progress' in m) return onProgress(m.progress);
        if (m.ok) done(() => resolve(m.model));
        else done(() => reject(new BimParseError(m.code, m.params)));
      },
    );
    w.on('error', (e) => done(() => reject(e)));
    w.on('exit', () => done(() => reject(new Error('IFC worker stopped'))));
    w.postMessage({ bytes });
  });
}
