// Worker-thread entry of the IFC reader: one message {bytes} in; {progress} messages, then
// {ok: true, model} (geometry transferred, not copied) or {ok: false, code, params, message}.
import { parentPort } from 'node:worker_threads';
import { BimParseError, parseIfc } from './ifc-parse';

parentPort?.once('message', async ({ bytes }: { bytes: Uint8Array }) => {
  try {
    const model = await parseIfc(bytes, (p) => parentPort!.postMessage({ progress: p }));
    parentPort!.postMessage({ ok: true, model }, [model.geometry.buffer as ArrayBuffer]);
  } catch (err) {
    const e = err as Error;
    parentPort!.postMessage(
      err instanceof BimParseError
        ? { ok: false, code: err.code, params: err.params, message: e.message }
        : {
            ok: false,
            code: 'bim.not_ifc',
            params: { reason: e?.message ?? String(err) },
            message: String(err),
          },
    );
  }
});
