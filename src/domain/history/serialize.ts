// A JSON form of history entries, so the server can store undo actions (spec: undo-actions get
// and restore) and undo survives a reload. Patch values may hold Maps and Sets (the WBS document
// keeps rows in Maps); they are tagged on the way out and rebuilt on the way in.

import type { Patch } from 'immer';
import type { History, HistoryEntry, UndoKind } from './history';

export const HISTORY_FORMAT_VERSION = 1;

export interface SerializedEntry {
  v: typeof HISTORY_FORMAT_VERSION;
  id?: string;
  kind: UndoKind;
  labelKey: string;
  patches: unknown[];
  inversePatches: unknown[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function encode(value: unknown): Json {
  if (value === undefined) return { $undefined: true };
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encode(k), encode(v)]) };
  if (value instanceof Set) return { $set: [...value].map(encode) };
  if (Array.isArray(value)) return value.map(encode);
  if (typeof value === 'number' && !Number.isFinite(value)) return { $number: String(value) };
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = encode(v);
    return out;
  }
  return value as Json;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.$undefined === true) return undefined;
    if (Array.isArray(o.$map))
      return new Map((o.$map as [unknown, unknown][]).map(([k, v]) => [decode(k), decode(v)]));
    if (Array.isArray(o.$set)) return new Set((o.$set as unknown[]).map(decode));
    if (typeof o.$number === 'string') return Number(o.$number);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = decode(v);
    return out;
  }
  return value;
}

/** A value JSON writes as encode would: a string, boolean, null or finite number. */
const plain = (v: unknown): boolean =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v));

function encodePatch(p: Patch): Json {
  // Most patches of a big command (a 10,000-row paste: ~100,000) set one field to a plain value:
  // the patch itself is already its JSON form, so it is kept instead of copied (no object per
  // patch for the collector). Only when it holds nothing but op, path and value.
  if (plain(p.value) && Object.keys(p).length === 3) return p as unknown as Json;
  const out: Record<string, Json> = { op: p.op, path: p.path as (string | number)[] };
  if ('value' in p) out.value = encode(p.value);
  return out;
}

export function serializeEntry(entry: HistoryEntry): SerializedEntry {
  return {
    v: HISTORY_FORMAT_VERSION,
    ...(entry.id !== undefined ? { id: entry.id } : {}),
    kind: entry.kind,
    labelKey: entry.labelKey,
    patches: entry.patches.map(encodePatch),
    inversePatches: entry.inversePatches.map(encodePatch),
  };
}

const KINDS: readonly UndoKind[] = ['undo_wbs', 'undo_relation', 'undo_wdp'];
const OPS = ['add', 'remove', 'replace'];

function decodePatch(raw: unknown): Patch {
  const p = raw as { op?: unknown; path?: unknown; value?: unknown };
  if (typeof p !== 'object' || p === null || !OPS.includes(p.op as string)) throw new Error('bad patch op');
  if (!Array.isArray(p.path) || !p.path.every((s) => typeof s === 'string' || typeof s === 'number')) {
    throw new Error('bad patch path');
  }
  const out: Patch = { op: p.op as Patch['op'], path: p.path as (string | number)[] };
  if ('value' in p) out.value = decode(p.value);
  return out;
}

/** Rebuild an entry from its JSON form; throws on anything that is not one. */
export function deserializeEntry(raw: unknown): HistoryEntry {
  const e = raw as Partial<SerializedEntry>;
  if (typeof e !== 'object' || e === null || e.v !== HISTORY_FORMAT_VERSION)
    throw new Error('unknown entry format');
  if (!KINDS.includes(e.kind as UndoKind)) throw new Error('unknown undo kind');
  if (typeof e.labelKey !== 'string' || !Array.isArray(e.patches) || !Array.isArray(e.inversePatches)) {
    throw new Error('malformed entry');
  }
  return {
    ...(typeof e.id === 'string' ? { id: e.id } : {}),
    kind: e.kind as UndoKind,
    labelKey: e.labelKey,
    patches: e.patches.map(decodePatch),
    inversePatches: e.inversePatches.map(decodePatch),
  };
}

export interface SerializedHistory {
  v: typeof HISTORY_FORMAT_VERSION;
  limit: number;
  undos: SerializedEntry[];
  redos: SerializedEntry[];
}

/** The whole stack (gesture marks are not kept: a reload ends any gesture). */
export function serializeHistory(h: History): SerializedHistory {
  return {
    v: HISTORY_FORMAT_VERSION,
    limit: h.limit,
    undos: h.undos.filter((i): i is HistoryEntry => !('mark' in i)).map(serializeEntry),
    redos: h.redos.map(serializeEntry),
  };
}

export function deserializeHistory(raw: unknown): History {
  const s = raw as Partial<SerializedHistory>;
  if (typeof s !== 'object' || s === null || s.v !== HISTORY_FORMAT_VERSION)
    throw new Error('unknown history format');
  if (!Array.isArray(s.undos) || !Array.isArray(s.redos) || typeof s.limit !== 'number') {
    throw new Error('malformed history');
  }
  return { limit: s.limit, undos: s.undos.map(deserializeEntry), redos: s.redos.map(deserializeEntry) };
}
