// Worker-thread entry: runs the heavy steps of work.ts off the server's event loop. Messages:
// {id, op, args} in, {id, ok, value} or {id, ok: false, error} out (errors as plain data).
import { parentPort } from 'node:worker_threads';
import { ImportError } from '../../domain/io/errors';
import { scheduleChecked, exportModel, levelModel, parseAndSchedule } from './work';

type Op = 'parse' | 'schedule' | 'export' | 'level';
interface Request {
  id: number;
  op: Op;
  args: unknown[];
}

const ops: Record<Op, (...args: never[]) => unknown> = {
  parse: parseAndSchedule,
  schedule: scheduleChecked,
  export: exportModel,
  level: levelModel,
};

parentPort?.on('message', async ({ id, op, args }: Request) => {
  try {
    const value = await (ops[op] as (...a: unknown[]) => unknown)(...args);
    parentPort!.postMessage({ id, ok: true, value });
  } catch (err) {
    const e = err as Error;
    parentPort!.postMessage({
      id,
      ok: false,
      error:
        err instanceof ImportError
          ? { import: true, code: err.code, params: err.params, message: err.message }
          : { import: false, message: e?.message ?? String(err) },
    });
  }
});
