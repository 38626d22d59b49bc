// A Map split into a fixed number of small Maps by a hash of the key, so that a change of one
// entry copies one shard (a few hundred entries at 100k rows) instead of the whole Map: copying a
// 100k-entry Map costs 15–45 ms here, on every edit, indent, paste and undo.
//
// A command's draft (change.ts, map-draft.ts) copies the entries it changes and builds the next map
// with withEntries(): only the shards holding them are copied, the untouched ones are shared. Iteration goes shard by
// shard: not in insertion order.

const SHARDS = 4096;

/** The shard of a key: a hash of its last 4 characters (ids are UUIDs or counters: the tail varies). */
export function shardOf(key: string): number {
  const n = key.length;
  let h = n;
  for (let i = n > 4 ? n - 4 : 0; i < n; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return (h ^ (h >>> 8)) & (SHARDS - 1);
}

/** Walks the shards' own iterators one after the other (a generator costs several times more). */
class ChainIterator<T> implements MapIterator<T> {
  private i = 0;
  private current: Iterator<T> | null = null;

  constructor(
    private readonly shards: readonly Map<unknown, unknown>[],
    private readonly open: (m: Map<unknown, unknown>) => Iterator<T>,
  ) {}

  next(): IteratorResult<T, undefined> {
    for (;;) {
      if (this.current) {
        const r = this.current.next();
        if (!r.done) return r;
      }
      if (this.i >= this.shards.length) return { done: true, value: undefined };
      this.current = this.open(this.shards[this.i++]!);
    }
  }

  [Symbol.iterator](): this {
    return this;
  }
}

export class ShardedMap<K extends string, V> implements ReadonlyMap<K, V> {
  readonly shards: Map<K, V>[];
  size = 0;

  constructor(entries?: Iterable<readonly [K, V]>) {
    if (!entries) {
      this.shards = Array.from({ length: SHARDS }, () => new Map<K, V>());
      return;
    }
    // Grouped first, then each shard built at once: growing 256 maps entry by entry costs more.
    const groups: (readonly [K, V])[][] = Array.from({ length: SHARDS }, () => []);
    for (const e of entries) groups[shardOf(e[0])]!.push(e);
    this.shards = groups.map((g) => new Map<K, V>(g));
    for (const m of this.shards) this.size += m.size;
  }

  /** An empty map's shards, to fill by shardOf(key) and pass to fromShards (a bulk build). */
  static emptyShards<K extends string, V>(): Map<K, V>[] {
    return Array.from({ length: SHARDS }, () => new Map<K, V>());
  }

  /** A map over shards filled by shardOf (taken as they are, not copied). */
  static fromShards<K extends string, V>(shards: Map<K, V>[]): ShardedMap<K, V> {
    if (shards.length !== SHARDS) throw new Error(`ShardedMap needs ${SHARDS} shards`);
    const next = Object.create(ShardedMap.prototype) as ShardedMap<K, V>;
    (next as { shards: Map<K, V>[] }).shards = shards;
    next.size = shards.reduce((n, m) => n + m.size, 0);
    return next;
  }

  /** A map with `replaced` shards (by index) in place of this one's, sharing the others. */
  private withShards(replaced: ReadonlyMap<number, Map<K, V>>): ShardedMap<K, V> {
    const next = Object.create(ShardedMap.prototype) as ShardedMap<K, V>;
    const shards = this.shards.slice();
    let size = this.size;
    for (const [i, shard] of replaced) {
      size += shard.size - shards[i]!.size;
      shards[i] = shard;
    }
    (next as { shards: Map<K, V>[] }).shards = shards;
    next.size = size;
    return next;
  }

  /** A map with these entries set (undefined: removed), copying only the shards they fall in. */
  withEntries(changes: Iterable<readonly [K, V | undefined]>): ShardedMap<K, V> {
    const copies = new Map<number, Map<K, V>>();
    for (const [k, v] of changes) {
      const i = shardOf(k);
      let shard = copies.get(i);
      if (!shard) copies.set(i, (shard = new Map(this.shards[i])));
      if (v === undefined) shard.delete(k);
      else shard.set(k, v);
    }
    return copies.size === 0 ? this : this.withShards(copies);
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

  entries(): MapIterator<[K, V]> {
    return new ChainIterator(this.shards, (m) => (m as Map<K, V>).entries());
  }

  keys(): MapIterator<K> {
    return new ChainIterator(this.shards, (m) => (m as Map<K, V>).keys());
  }

  values(): MapIterator<V> {
    return new ChainIterator(this.shards, (m) => (m as Map<K, V>).values());
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const shard of this.shards) for (const [k, v] of shard) fn.call(thisArg, v, k, this);
  }
}
