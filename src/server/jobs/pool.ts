// Runs the heavy steps in one worker thread (the server shares two cores with its database), so
// a 10k-activity parse never blocks requests or live events. A step that runs past its time
// limit gets the thread terminated. Without worker support (or TRANSFER_INLINE=1) it runs inline.
import { Worker } from 'node:worker_threads';
import { ImportError } from '../../domain/io/errors';
import type { ImportErrorCode, ImportErrorParams } from '../../domain/io/errors';
import type { ScheduleModel, ScheduleResult } from '../../domain/schedule';
import type { UploadRule } from '../../api/transfer';
import * as work from './work';
import type { Levelled, Parsed, WriteFormat } from './work';

const STEP_TIMEOUT_MS = 120_000;

type Reply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { import: boolean; code?: ImportErrorCode; params?: ImportErrorParams; message: string };
    };

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

const entry = new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

class WorkerPool {
  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, Pending>();

  private start(): Worker {
    if (this.worker) return this.worker;
    // TypeScript sources (development, tests) need the tsx loader registered in the thread too.
    const w = entry.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`,
          { eval: true },
        )
      : new Worker(entry);
    w.on('message', (m: Reply) => this.settle(m));
    const fail = (err: unknown) => {
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(err instanceof Error ? err : new Error('worker stopped'));
      }
      this.pending.clear();
      if (this.worker === w) this.worker = null;
    };
    w.on('error', fail);
    w.on('exit', () => fail(new Error('worker stopped')));
    w.unref();
    this.worker = w;
    return w;
  }

  private settle(m: Reply) {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    clearTimeout(p.timer);
    if (this.pending.size === 0) this.worker?.unref();
    if (m.ok) return p.resolve(m.value);
    const e = m.error;
    p.reject(e.import ? new ImportError(e.code!, e.params ?? {}, e.message) : new Error(e.message));
  }

  run<T>(op: 'parse' | 'schedule' | 'export' | 'level', args: unknown[]): Promise<T> {
    const w = this.start();
    w.ref();
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ImportError('import.bad_value', { reason: 'timeout' }, 'The file took too long to read'));
        void w.terminate();
      }, STEP_TIMEOUT_MS);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      w.postMessage({ id, op, args });
    });
  }
}

const pool = new WorkerPool();
const inline = process.env.TRANSFER_INLINE === '1';

export function parseInWorker(bytes: Uint8Array, fileName: string, rule: UploadRule | null): Promise<Parsed> {
  return inline ? work.parseAndSchedule(bytes, fileName, rule) : pool.run('parse', [bytes, fileName, rule]);
}

export function scheduleInWorker(model: ScheduleModel): Promise<ScheduleResult> {
  return inline ? Promise.resolve(work.scheduleChecked(model)) : pool.run('schedule', [model]);
}

export function exportInWorker(model: ScheduleModel, format: WriteFormat): Promise<Uint8Array> {
  return inline ? work.exportModel(model, format) : pool.run('export', [model, format]);
}

export function levelInWorker(...args: Parameters<typeof work.levelModel>): Promise<Levelled> {
  return inline ? Promise.resolve(work.levelModel(...args)) : pool.run('level', args);
}
