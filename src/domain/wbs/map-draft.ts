// One map of the document under change (rows or relations), as a command's recipe sees it: get()
// hands out a mutable copy of an entry (kept, so later gets see the same copy), set() and
// delete() record the new value. finish() compares each touched entry with the one it started
// from and writes the patches and their inverse in immer's form (['rows', id, field], replace /
// add / remove; one level down into attributes), then builds the next map: a ShardedMap copies
// only the shards the touched keys fall in.
//
// Why not immer: a command that writes 10,000 rows (a paste) spent most of its time in immer's
// proxies, finalisation walks and per-shard copies; here a touched row costs one shallow copy
// and a field-by-field comparison.

import type { Patch } from 'immer';
import { ShardedMap } from './sharded-map';

type Entry = object;

export interface PatchLog {
  readonly patches: Patch[];
  readonly inverse: Patch[];
}

/** What a recipe may do with a map of the document: get (a mutable copy), has, set, delete. */
export interface DraftMap<K extends string, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): this;
  delete(key: K): boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** A copy of an entry with its plain-object fields copied too (attributes), and those copies. */
function copyOf(value: Entry): { copy: Record<string, unknown>; nested: Map<string, object> } {
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const nested = new Map<string, object>();
  for (const [k, v] of Object.entries(copy))
    if (isPlainObject(v)) {
      const inner = { ...v };
      copy[k] = inner;
      nested.set(k, inner);
    }
  return { copy, nested };
}

/** Field-level patches from `before` to `after` under `path` (one level into copied objects). */
function diffInto(
  log: PatchLog,
  path: (string | number)[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  nested: ReadonlyMap<string, object> | null,
): void {
  for (const k of Object.keys(after)) {
    const a = after[k];
    if (!(k in before)) {
      log.patches.push({ op: 'add', path: [...path, k], value: a });
      log.inverse.push({ op: 'remove', path: [...path, k] });
    } else if (nested && nested.get(k) === a && isPlainObject(before[k])) {
      // The copy this draft made, changed in place: its own fields.
      diffInto(log, [...path, k], before[k] as Record<string, unknown>, a as Record<string, unknown>, null);
    } else if (!Object.is(before[k], a)) {
      log.patches.push({ op: 'replace', path: [...path, k], value: a });
      log.inverse.push({ op: 'replace', path: [...path, k], value: before[k] });
    }
  }
  for (const k of Object.keys(before))
    if (!(k in after)) {
      log.patches.push({ op: 'remove', path: [...path, k] });
      log.inverse.push({ op: 'add', path: [...path, k], value: before[k] });
    }
}

export class MapDraft<K extends string, V extends Entry> implements DraftMap<K, V> {
  /** Copies handed out by get(), with the copies of their plain-object fields. */
  private readonly copies = new Map<K, { copy: V; nested: Map<string, object> }>();
  /** Values set (undefined: deleted). */
  private readonly written = new Map<K, V | undefined>();

  constructor(private readonly base: ReadonlyMap<K, V>) {}

  get(key: K): V | undefined {
    if (this.written.has(key)) return this.written.get(key);
    const held = this.copies.get(key);
    if (held) return held.copy;
    const value = this.base.get(key);
    if (value === undefined) return undefined;
    const { copy, nested } = copyOf(value);
    this.copies.set(key, { copy: copy as V, nested });
    return copy as V;
  }

  has(key: K): boolean {
    return this.written.has(key) ? this.written.get(key) !== undefined : this.base.has(key);
  }

  set(key: K, value: V): this {
    this.copies.delete(key);
    this.written.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    const had = this.has(key);
    if (had) {
      this.copies.delete(key);
      this.written.set(key, undefined);
    }
    return had;
  }

  /**
   * Lets `fix` amend, before finish(), each entry this change touched that existed before (a copy
   * get() handed out, or a value set over one): it changes the entry it is given in place and
   * says whether it did. A value set is copied first (it may be shared or frozen).
   */
  settle(fix: (entry: V, before: V) => boolean): void {
    for (const [key, { copy }] of this.copies) fix(copy, this.base.get(key)!);
    for (const [key, value] of this.written) {
      const before = this.base.get(key);
      if (value === undefined || before === undefined || value === before) continue;
      const copy = { ...value };
      if (fix(copy, before)) this.written.set(key, copy);
    }
  }

  /**
   * The changed map (this very map when nothing changed); with `log`, the patches as
   * [name, key, …field] and their inverse.
   */
  finish(name: string, log?: PatchLog): ReadonlyMap<K, V> {
    const changes = new Map<K, V | undefined>();
    for (const [key, { copy, nested }] of this.copies) {
      const before = this.base.get(key)!;
      const at = log ? log.patches.length : 0;
      if (log)
        diffInto(
          log,
          [name, key],
          before as Record<string, unknown>,
          copy as Record<string, unknown>,
          nested,
        );
      // Unchanged entries keep their object (and their frozen state).
      const changed = log ? log.patches.length > at : !sameFields(before, copy, nested);
      if (changed) changes.set(key, copy);
    }
    for (const [key, value] of this.written) {
      const before = this.base.get(key);
      if (value === before) continue;
      if (log) {
        const path = [name, key];
        if (value === undefined) {
          log.patches.push({ op: 'remove', path });
          log.inverse.push({ op: 'add', path, value: before });
        } else if (before === undefined) {
          log.patches.push({ op: 'add', path, value });
          log.inverse.push({ op: 'remove', path });
        } else {
          log.patches.push({ op: 'replace', path, value });
          log.inverse.push({ op: 'replace', path, value: before });
        }
      }
      changes.set(key, value);
    }
    if (changes.size === 0) return this.base;
    if (this.base instanceof ShardedMap) return (this.base as ShardedMap<K, V>).withEntries(changes);
    const next = new Map(this.base);
    for (const [key, value] of changes) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    return next;
  }
}

/** Whether a copy still equals its entry (no log to compare through). */
function sameFields(before: Entry, after: Entry, nested: ReadonlyMap<string, object>): boolean {
  const probe: PatchLog = { patches: [], inverse: [] };
  diffInto(probe, [], before as Record<string, unknown>, after as Record<string, unknown>, nested);
  return probe.patches.length === 0;
}
