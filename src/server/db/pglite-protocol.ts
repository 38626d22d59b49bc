// Messages between PGliteThread (the server's side) and its worker thread.

export interface ThreadOptions {
  readonly dataDir?: string;
  readonly loadDataDir?: Blob;
  /** PGlite's WebAssembly, compiled once per process and shared by every database thread. */
  readonly pgliteWasmModule?: WebAssembly.Module;
  readonly initdbWasmModule?: WebAssembly.Module;
  /** PostgreSQL's shared_buffers ('16MB'); PGlite's own default (128MB) when absent. */
  readonly sharedBuffers?: string;
}

export type Request =
  | { id: number; op: 'query'; sql: string; params: readonly unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'close' };

export type Reply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** An error's message and its own fields (PostgreSQL's code, detail, constraint …), cloneable. */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { name: err.name, message: err.message };
  for (const [k, v] of Object.entries(err))
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

/** The error again on the server's side, with the same fields (callers read err.code). */
export function errorFrom(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? 'database error'));
  Object.assign(err, fields);
  return err;
}
