// Attribute values a role may not see, taken out of stored undo entries (their JSON form): the
// undo log read and the live events would otherwise hand them over as patch values. A patch that
// addresses a hidden attribute goes; a row, an attributes object or a map of rows keeps its other
// fields without the hidden keys. Works on the serialized form, so it never decodes Maps.
import type { SerializedEntry } from './serialize';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function withoutKeys(attrs: unknown, hidden: ReadonlySet<string>): unknown {
  if (!isObj(attrs)) return attrs;
  const keys = Object.keys(attrs);
  if (!keys.some((k) => hidden.has(k))) return attrs;
  return Object.fromEntries(Object.entries(attrs).filter(([k]) => !hidden.has(k)));
}

/** A row value (encoded) without the hidden keys in its attributes. */
function redactRow(row: unknown, hidden: ReadonlySet<string>): unknown {
  if (!isObj(row) || !isObj(row.attributes)) return row;
  const attributes = withoutKeys(row.attributes, hidden);
  return attributes === row.attributes ? row : { ...row, attributes };
}

/** The encoded rows Map ({$map: [[id, row] …]}) without hidden keys. */
function redactRows(value: unknown, hidden: ReadonlySet<string>): unknown {
  if (!isObj(value) || !Array.isArray(value.$map)) return value;
  const pairs = value.$map as [unknown, unknown][];
  const out = pairs.map(([k, row]) => [k, redactRow(row, hidden)] as const);
  return out.every(([, row], i) => row === pairs[i]![1]) ? value : { $map: out };
}

/** One encoded patch without hidden values; null when the whole patch is about a hidden key. */
export function redactPatch(raw: unknown, hidden: ReadonlySet<string>): unknown {
  if (!isObj(raw) || !Array.isArray(raw.path) || raw.path[0] !== 'rows') return raw;
  const path = raw.path as unknown[];
  if (path.length >= 4 && path[2] === 'attributes') return hidden.has(String(path[3])) ? null : raw;
  if (!('value' in raw)) return raw;
  let value = raw.value;
  if (path.length === 1) value = redactRows(value, hidden);
  else if (path.length === 2) value = redactRow(value, hidden);
  else if (path.length === 3 && path[2] === 'attributes') value = withoutKeys(value, hidden);
  return value === raw.value ? raw : { ...raw, value };
}

function redactList(list: readonly unknown[], hidden: ReadonlySet<string>): unknown[] {
  const out: unknown[] = [];
  for (const p of list) {
    const r = redactPatch(p, hidden);
    if (r !== null) out.push(r);
  }
  return out;
}

/**
 * The entry without the hidden keys' values. Returns the same object when nothing was hidden,
 * so a caller can tell whether the entry carried any.
 */
export function redactEntry(entry: SerializedEntry, hidden: ReadonlySet<string>): SerializedEntry {
  if (hidden.size === 0) return entry;
  const patches = redactList(entry.patches, hidden);
  const inversePatches = redactList(entry.inversePatches, hidden);
  const same = (a: unknown[], b: readonly unknown[]) =>
    a.length === b.length && a.every((p, i) => p === b[i]);
  if (same(patches, entry.patches) && same(inversePatches, entry.inversePatches)) return entry;
  return { ...entry, patches, inversePatches };
}
