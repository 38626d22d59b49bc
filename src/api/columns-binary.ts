// GET versions/{id}/wbs/columns?format=binary: the same VersionColumns as one binary body, so the
// workbench's open neither downloads nor parses 34 MB of JSON for a 100k-row version. Numbers and
// dates travel as int32 (a sentinel for null) where they are whole, else float64 (NaN for null),
// a column of one value as that value, row positions as int32, the small vocabularies (node
// types, calendars, limit and relation types, the critical flag) as uint8 codes into a
// dictionary, and each string column as one UTF-8 text cut by UTF-16 offsets (decoded with one
// TextDecoder call, then sliced). The sparse parts (attributes, scheduling extras, lag
// calendars) and the version stay JSON. Pure: the server encodes, the browser decodes.
//
// Layout: "WBC1", uint32 length of the head (JSON, UTF-8), the head, zero padding to 8 bytes, then
// the columns in the head's order, each at the 8-byte-aligned offset the head gives.

import type { Version, VersionColumns } from './versions';

type Items = VersionColumns['items'];
type Relations = VersionColumns['relations'];
/** As declared: strings, a small vocabulary, row positions, numbers (written as const, i32 or f64). */
type Kind = 'str' | 'dict' | 'i32' | 'num';
/** As written: a number column all of one value is `const`, one of int32s and nulls `i32n`. */
type Written = 'str' | 'dict' | 'i32' | 'i32n' | 'f64' | 'const';

/** null in an `i32n` column. */
const NULL_I32 = -0x80000000;

const MAGIC = 0x31434257; // "WBC1", little-endian

/**
 * The query of the workbench's read of a version (load.ts, and its early request): binary, unless
 * the page's address says `content=json` (the benchmark's baseline of the same run).
 */
export function contentQuery(search: string): Record<string, string> {
  return new URLSearchParams(search).get('content') === 'json' ? {} : { format: 'binary' };
}

/** How each dense column travels (the sparse ones, attributes, sched, lag_calendar, stay JSON). */
const ITEM_KINDS = {
  id: 'str',
  parent: 'i32',
  order_key: 'str',
  node_type: 'dict',
  code: 'str',
  name: 'str',
  calendar_id: 'dict',
  duration: 'num',
  remaining: 'num',
  actual_start: 'num',
  actual_finish: 'num',
  percent: 'num',
  start_limit_type: 'dict',
  start_limit_date: 'num',
  finish_limit_type: 'dict',
  finish_limit_date: 'num',
  volume: 'num',
  price: 'num',
  es: 'num',
  ef: 'num',
  ls: 'num',
  lf: 'num',
  tf: 'num',
  ff: 'num',
  critical: 'dict',
} as const satisfies Record<Exclude<keyof Items, 'attributes' | 'sched'>, Kind>;

const RELATION_KINDS = {
  id: 'str',
  pred: 'i32',
  succ: 'i32',
  type: 'dict',
  lag: 'num',
} as const satisfies Record<Exclude<keyof Relations, 'lag_calendar'>, Kind>;

/**
 * One column's place in the body. `dict`: its values by code (uint8 codes up to 256 values, else
 * uint32); `text`: byte length of the text; `value`: a `const` column's one value.
 */
interface ColumnHead {
  readonly table: 'items' | 'relations';
  readonly name: string;
  readonly kind: Written;
  readonly offset: number;
  readonly bytes: number;
  readonly dict?: readonly unknown[];
  readonly text?: number;
  readonly value?: number | null;
}

/** The sparse parts and the column directory (the JSON head). */
export interface ColumnsHead {
  readonly version?: Version;
  readonly rows: number;
  readonly relations: number;
  readonly attributes: Items['attributes'];
  readonly sched: Items['sched'];
  readonly lag_calendar: Relations['lag_calendar'];
  readonly columns: readonly ColumnHead[];
}

/** The columns' bytes and what the head says of them (without the version: a request adds it). */
export interface EncodedColumns {
  readonly head: Omit<ColumnsHead, 'version'>;
  readonly data: Uint8Array;
}

const align8 = (n: number) => (n + 7) & ~7;

/** Encodes the content's columns (the version is written per request, see columnsBody). */
export function encodeColumns(items: Omit<Items, never>, relations: Relations): EncodedColumns {
  const parts: { head: Omit<ColumnHead, 'offset'>; bytes: Uint8Array }[] = [];
  const encoder = new TextEncoder();
  const add = (table: 'items' | 'relations', name: string, kind: Kind, values: readonly unknown[]) => {
    const n = values.length;
    if (kind === 'num') {
      const first = n ? values[0] : null;
      let same = true;
      let ints = true;
      for (let i = 0; i < n; i++) {
        const v = values[i] as number | null;
        if (v !== first) same = false;
        if (v !== null && !(Number.isInteger(v) && v > NULL_I32 && v <= 0x7fffffff && !Object.is(v, -0)))
          ints = false;
      }
      if (same) {
        parts.push({
          head: { table, name, kind: 'const', bytes: 0, value: first as number | null },
          bytes: new Uint8Array(0),
        });
      } else if (ints) {
        const a = new Int32Array(n);
        for (let i = 0; i < n; i++) a[i] = values[i] === null ? NULL_I32 : (values[i] as number);
        parts.push({
          head: { table, name, kind: 'i32n', bytes: a.byteLength },
          bytes: new Uint8Array(a.buffer),
        });
      } else {
        const a = new Float64Array(n);
        for (let i = 0; i < n; i++) a[i] = values[i] === null ? NaN : (values[i] as number);
        parts.push({
          head: { table, name, kind: 'f64', bytes: a.byteLength },
          bytes: new Uint8Array(a.buffer),
        });
      }
    } else if (kind === 'i32') {
      const a = Int32Array.from(values as number[]);
      parts.push({ head: { table, name, kind, bytes: a.byteLength }, bytes: new Uint8Array(a.buffer) });
    } else if (kind === 'dict') {
      const codes = new Map<unknown, number>();
      const all = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        let c = codes.get(values[i]);
        if (c === undefined) codes.set(values[i], (c = codes.size));
        all[i] = c;
      }
      const a = codes.size <= 256 ? Uint8Array.from(all) : all;
      parts.push({
        head: { table, name, kind, bytes: a.byteLength, dict: [...codes.keys()] },
        bytes: new Uint8Array(a.buffer, 0, a.byteLength),
      });
    } else {
      // UTF-16 offsets (n + 1), then the UTF-8 text of the column's strings joined.
      const offsets = new Uint32Array(n + 1);
      let at = 0;
      for (let i = 0; i < n; i++) {
        offsets[i] = at;
        at += (values[i] as string).length;
      }
      offsets[n] = at;
      const text = encoder.encode((values as string[]).join(''));
      const out = new Uint8Array(align8(offsets.byteLength) + text.byteLength);
      out.set(new Uint8Array(offsets.buffer), 0);
      out.set(text, align8(offsets.byteLength));
      parts.push({ head: { table, name, kind, bytes: out.byteLength, text: text.byteLength }, bytes: out });
    }
  };
  for (const [name, kind] of Object.entries(ITEM_KINDS))
    add('items', name, kind, items[name as keyof typeof ITEM_KINDS] as readonly unknown[]);
  for (const [name, kind] of Object.entries(RELATION_KINDS))
    add('relations', name, kind, relations[name as keyof typeof RELATION_KINDS] as readonly unknown[]);
  let offset = 0;
  const columns: ColumnHead[] = parts.map((p) => {
    const c = { ...p.head, offset };
    offset = align8(offset + p.bytes.byteLength);
    return c;
  });
  const data = new Uint8Array(offset);
  parts.forEach((p, i) => data.set(p.bytes, columns[i]!.offset));
  return {
    head: {
      rows: items.id.length,
      relations: relations.id.length,
      attributes: items.attributes,
      sched: items.sched,
      lag_calendar: relations.lag_calendar,
      columns,
    },
    data,
  };
}

/** The body's parts: magic, head length, head, padding (the data follows, 8-byte aligned). */
export function headBytes(head: ColumnsHead): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(head));
  const out = new Uint8Array(align8(8 + json.byteLength));
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, json.byteLength, true);
  out.set(json, 8);
  return out;
}

/** Plain arrays (packed, as JSON.parse makes them) from a float64 or int32-with-nulls column. */
function numbers(a: Float64Array): (number | null)[] {
  const out: (number | null)[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    out.push(x === x ? x : null);
  }
  return out;
}
function ints(a: Int32Array, nulls: boolean): (number | null)[] {
  const out: (number | null)[] = [];
  if (nulls)
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      out.push(x === NULL_I32 ? null : x);
    }
  else for (let i = 0; i < a.length; i++) out.push(a[i]!);
  return out;
}

/** Decodes a body (an ArrayBuffer the caller owns; its typed arrays are views on it). */
export function decodeColumns(buffer: ArrayBuffer): VersionColumns {
  const view = new DataView(buffer);
  if (view.getUint32(0, true) !== MAGIC) throw new Error('not a binary columns body');
  const headLength = view.getUint32(4, true);
  const decoder = new TextDecoder();
  const head = JSON.parse(decoder.decode(new Uint8Array(buffer, 8, headLength))) as ColumnsHead;
  const base = align8(8 + headLength);
  const items: Record<string, unknown> = { attributes: head.attributes, sched: head.sched };
  const relations: Record<string, unknown> = { lag_calendar: head.lag_calendar };
  for (const c of head.columns) {
    const n = c.table === 'items' ? head.rows : head.relations;
    const at = base + c.offset;
    let values: unknown[];
    if (c.kind === 'f64') values = numbers(new Float64Array(buffer, at, n));
    else if (c.kind === 'i32' || c.kind === 'i32n')
      values = ints(new Int32Array(buffer, at, n), c.kind === 'i32n');
    else if (c.kind === 'const') values = new Array<unknown>(n).fill(c.value);
    else if (c.kind === 'dict') {
      const dict = c.dict!;
      const codes = dict.length <= 256 ? new Uint8Array(buffer, at, n) : new Uint32Array(buffer, at, n);
      values = [];
      for (let i = 0; i < n; i++) values.push(dict[codes[i]!]);
    } else {
      const offsets = new Uint32Array(buffer, at, n + 1);
      const text = decoder.decode(new Uint8Array(buffer, at + align8((n + 1) * 4), c.text!));
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push(text.slice(offsets[i]!, offsets[i + 1]!));
      values = out;
    }
    (c.table === 'items' ? items : relations)[c.name] = values;
  }
  return {
    version: head.version!,
    items: items as Items,
    relations: relations as Relations,
  };
}
