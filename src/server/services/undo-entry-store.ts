// How an undo-log entry is stored (migration 080): small entries as jsonb, big ones gzip-packed.
// A 10,000 × 10 paste's entry is ~14 MB of JSON; PGlite spent ~270 ms parsing and TOASTing it as
// jsonb, against ~30 ms for its ~3 MB packed (sent as base64 text for `decode`: PGlite encodes a
// text parameter several times faster than a bytea one). The gzip runs on libuv's pool, so a
// batch starts it before its statements and the packing overlaps them.
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { isKeptPatch } from '../../domain/wdp/kept-patches';

const gzipAsync = promisify(gzip);

/** Entries of more JSON text than this are packed. */
export const PACK_OVER_CHARS = 64 * 1024;

/** An entry ready for the log: its JSON text, and its packed base64 when it is stored packed. */
export interface PreparedEntry {
  text: string;
  packed: Promise<string> | null;
}

/**
 * Starts storing an entry. An entry whose inverse keeps rows' settings or timesheet lines stays
 * jsonb whatever its size: returningKept finds those with jsonb operators in SQL.
 */
export function prepareEntry(text: string, inversePatches: readonly Patch[]): PreparedEntry {
  if (text.length <= PACK_OVER_CHARS || inversePatches.some(isKeptPatch)) return { text, packed: null };
  const packed = gzipAsync(text, { level: 1 }).then((b) => b.toString('base64'));
  // A batch refused before its log is written never awaits it.
  packed.catch(() => undefined);
  return { text, packed };
}

/** The `entry` and `packed` values of the log's row. */
export async function entryColumns(
  p: PreparedEntry,
): Promise<{ entry: RawBuilder<unknown>; packed: RawBuilder<unknown> }> {
  if (!p.packed) return { entry: sql`${p.text}::jsonb`, packed: sql`NULL::bytea` };
  return { entry: sql`NULL::jsonb`, packed: sql`decode(${await p.packed}, 'base64')` };
}

/**
 * A stored entry as JSON, from either column. `packed` is bytes as the driver reads bytea, or
 * base64 text where a query encoded it (inside json_agg).
 */
export function storedEntry(row: {
  entry: unknown;
  packed?: Uint8Array | string | null;
}): Record<string, unknown> {
  if (row.packed === null || row.packed === undefined) return row.entry as Record<string, unknown>;
  const bytes = typeof row.packed === 'string' ? Buffer.from(row.packed, 'base64') : row.packed;
  return JSON.parse(gunzipSync(bytes).toString('utf8')) as Record<string, unknown>;
}
