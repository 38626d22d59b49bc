// A Map split into a fixed number of small Maps by a hash of the key, so that an immer change of
// one entry copies one shard (about a hundred entries at 100k rows) instead of the whole Map:
// copying a 100k-entry Map costs 15–45 ms here, on every edit, indent, paste and undo.
//
// Immer drafts it as a class instance ([immerable]): `draft.rows.set(id, row)` runs this class's
// own `set` on the draft, which drafts the shard array and the one shard it touches. The patches
// immer records then read ['rows', 'shards', k, id, …] and ['rows', 'size']; `flatPatches` turns
// them back into the ['rows', id, …] form every other reader of patches (the schedule worker, the
// server's batch, the undo log) knows. Iteration goes shard by shard: not in insertion order.

import { immerable, type Patch } from 'immer';

const SHARDS = 1024;

/** The shard of a key: FNV-1a over its last 8 characters (ids are UUIDs or counters: the tail varies). */
export function shardOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = Math.max(0, key.length - 8); i < key.length; i++)
    h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) & (SHARDS - 1);
}

export class ShardedMap<K extends string, V> implements ReadonlyMap<K, V> {
  static [immerable] = true;
  readonly shards: Map<K, V>[];
  size = 0;

  constructor(entries?: Iterable<readonly [K, V]>) {
    this.shards = Array.from({ length: SHARDS }, () => new Map<K, V>());
    if (entries) for (const [k, v] of entries) this.set(k, v);
  }

  get(key: K): V | undefined {
    return this.shards[shardOf(key)]!.get(key);
  }

  has(key: K): boolean {
    return this.shards[shardOf(key)]!.has(key);
  }

  set(key: K, value: V): this {
    const shard = this.shards[shardOf(key)]!;
    const had = shard.has(key);
    shard.set(key, value);
    if (!had) this.size++;
    return this;
  }

  delete(key: K): boolean {
    const shard = this.shards[shardOf(key)]!;
    if (!shard.delete(key)) return false;
    this.size--;
    return true;
  }

  *entries(): MapIterator<[K, V]> {
    for (const shard of this.shards) yield* shard.entries();
  }

  *keys(): MapIterator<K> {
    for (const shard of this.shards) yield* shard.keys();
  }

  *values(): MapIterator<V> {
    for (const shard of this.shards) yield* shard.values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const shard of this.shards) for (const [k, v] of shard) fn.call(thisArg, v, k, this);
  }
}

/** Patches in the flat form [container, key, …]: shard indexes dropped, size bookkeeping left out. */
export function flatPatches(patches: Patch[]): Patch[] {
  let flat: Patch[] | null = null;
  for (let i = 0; i < patches.length; i++) {
    const p = patches[i]!;
    const sharded = p.path[1] === 'shards' || p.path[1] === 'size';
    if (sharded && !flat) flat = patches.slice(0, i);
    if (!flat) continue;
    if (p.path[1] === 'size') continue;
    flat.push(sharded ? { ...p, path: [p.path[0]!, ...p.path.slice(3)] } : p);
  }
  return flat ?? patches;
}
