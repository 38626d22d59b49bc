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

/**
 * Shards built on first use, each once, and shared by every map derived from the first (a change
 * copies the shards it touches and keeps pointing here for the others).
 */
class LazyShards<K extends string, V> {
  private readonly built: (Map<K, V> | undefined)[] = new Array<Map<K, V> | undefined>(SHARDS);
  private readonly tokens: (object | undefined)[] = new Array<object | undefined>(SHARDS);
  private left = SHARDS;

  /** `build` (and what it holds: a whole version's columns) is let go once every shard is built. */
  constructor(private build: ((shard: number) => Map<K, V>) | null) {}

  at(i: number): Map<K, V> {
    let m = this.built[i];
    if (!m) {
      this.built[i] = m = this.build!(i);
      if (--this.left === 0) this.build = null;
    }
    return m;
  }

  /** Whether `m` is shard i as built here (not a copy a change made). */
  isBuilt(i: number, m: Map<K, V>): boolean {
    return this.built[i] === m;
  }

  /** One object standing for shard i as built here, built or not (see ShardedMap.shardKey). */
  token(i: number): object {
    return (this.tokens[i] ??= {});
  }
}

/**
 * Where each of `count` entries goes: shard i holds the entries order[start[i]] …
 * order[start[i + 1] - 1] (a counting sort of their places by shardOf).
 */
export interface ShardLayout {
  readonly order: Int32Array;
  readonly start: Int32Array;
}

export function shardLayout(count: number, key: (k: number) => string): ShardLayout {
  const shardOfEntry = new Uint16Array(count);
  const start = new Int32Array(SHARDS + 1);
  for (let k = 0; k < count; k++) {
    const i = shardOf(key(k));
    shardOfEntry[k] = i;
    start[i + 1]!++;
  }
  for (let i = 0; i < SHARDS; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, SHARDS);
  const order = new Int32Array(count);
  for (let k = 0; k < count; k++) order[fill[shardOfEntry[k]!]!++] = k;
  return { order, start };
}

export class ShardedMap<K extends string, V> implements ReadonlyMap<K, V> {
  /** The shards this map holds; undefined: not built yet, `lazy` builds it. */
  private readonly own: (Map<K, V> | undefined)[];
  private readonly lazy: LazyShards<K, V> | null;
  size: number;

  constructor(entries?: Iterable<readonly [K, V]>) {
    this.lazy = null;
    if (!entries) {
      this.own = ShardedMap.emptyShards<K, V>();
      this.size = 0;
      return;
    }
    // Grouped first, then each shard built at once: growing 256 maps entry by entry costs more.
    const groups: (readonly [K, V])[][] = Array.from({ length: SHARDS }, () => []);
    for (const e of entries) groups[shardOf(e[0])]!.push(e);
    this.own = groups.map((g) => new Map<K, V>(g));
    this.size = this.own.reduce((n, m) => n + m!.size, 0);
  }

  /** An empty map's shards, to fill by shardOf(key) and pass to fromShards (a bulk build). */
  static emptyShards<K extends string, V>(): Map<K, V>[] {
    return Array.from({ length: SHARDS }, () => new Map<K, V>());
  }

  private static of<K extends string, V>(
    own: (Map<K, V> | undefined)[],
    lazy: LazyShards<K, V> | null,
    size: number,
  ): ShardedMap<K, V> {
    const next = Object.create(ShardedMap.prototype) as ShardedMap<K, V>;
    const fields = next as unknown as { own: typeof own; lazy: typeof lazy; size: number };
    fields.own = own;
    fields.lazy = lazy;
    fields.size = size;
    return next;
  }

  /** A map over shards filled by shardOf (taken as they are, not copied). */
  static fromShards<K extends string, V>(shards: Map<K, V>[]): ShardedMap<K, V> {
    if (shards.length !== SHARDS) throw new Error(`ShardedMap needs ${SHARDS} shards`);
    return ShardedMap.of<K, V>(
      shards,
      null,
      shards.reduce((n, m) => n + m.size, 0),
    );
  }

  /**
   * A map of `count` entries (entry k: key(k) → value(k)) whose shards are built when first read:
   * opening 100k rows builds the few the first frame shows, the rest as they are read or in idle
   * time (change.ts freezeDocInSteps). `seal` gets each shard as it is built (to freeze it): such a
   * map is read like any other, and changed only through withEntries.
   */
  static lazy<K extends string, V>(
    count: number,
    key: (k: number) => K,
    value: (k: number) => V,
    seal: (shard: Map<K, V>) => Map<K, V>,
    /** Entries by shard, when the caller has laid them out already (shardLayout). */
    layout: ShardLayout = shardLayout(count, key),
  ): ShardedMap<K, V> {
    // A shard is built from its own list of places.
    const { order, start } = layout;
    const lazy = new LazyShards<K, V>((i) => {
      const m = new Map<K, V>();
      for (let j = start[i]!; j < start[i + 1]!; j++) m.set(key(order[j]!), value(order[j]!));
      return seal(m);
    });
    return ShardedMap.of<K, V>(new Array<Map<K, V> | undefined>(SHARDS), lazy, count);
  }

  /** How many shards a map has. */
  static get shardCount(): number {
    return SHARDS;
  }

  /** Shard `i`, built now if it was not yet. */
  shard(i: number): Map<K, V> {
    return this.own[i] ?? (this.own[i] = this.lazy!.at(i));
  }

  /** Every shard (all built now: for walks over the whole map). */
  get shards(): readonly Map<K, V>[] {
    if (this.lazy) for (let i = 0; i < SHARDS; i++) this.shard(i);
    return this.own as Map<K, V>[];
  }

  /**
   * What shard i holds, as an object that stays the same while its content does: the shard, or
   * for a shard of a lazy build that no change has copied, a token that does not build it. (A
   * cache keyed by it needs no shard built, and a change's copy has a key of its own.)
   */
  shardKey(i: number): object {
    const m = this.own[i];
    return this.lazy && (m === undefined || this.lazy.isBuilt(i, m)) ? this.lazy.token(i) : m!;
  }

  /** The shards built so far (all of them unless the map was built lazily). */
  *builtShards(): Generator<Map<K, V>, void, void> {
    for (const m of this.own) if (m) yield m;
  }

  /** A map with `replaced` shards (by index) in place of this one's, sharing the others. */
  private withShards(replaced: ReadonlyMap<number, Map<K, V>>): ShardedMap<K, V> {
    const shards = this.own.slice();
    let size = this.size;
    for (const [i, shard] of replaced) {
      size += shard.size - this.shard(i).size;
      shards[i] = shard;
    }
    return ShardedMap.of(shards, this.lazy, size);
  }

  /** A map with these entries set (undefined: removed), copying only the shards they fall in. */
  withEntries(changes: Iterable<readonly [K, V | undefined]>): ShardedMap<K, V> {
    const copies = new Map<number, Map<K, V>>();
    for (const [k, v] of changes) {
      const i = shardOf(k);
      let shard = copies.get(i);
      if (!shard) copies.set(i, (shard = new Map(this.shard(i))));
      if (v === undefined) shard.delete(k);
      else shard.set(k, v);
    }
    return copies.size === 0 ? this : this.withShards(copies);
  }

  get(key: K): V | undefined {
    return this.shard(shardOf(key)).get(key);
  }

  has(key: K): boolean {
    return this.shard(shardOf(key)).has(key);
  }

  set(key: K, value: V): this {
    const shard = this.shard(shardOf(key));
    const had = shard.has(key);
    shard.set(key, value);
    if (!had) this.size++;
    return this;
  }

  delete(key: K): boolean {
    const shard = this.shard(shardOf(key));
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
