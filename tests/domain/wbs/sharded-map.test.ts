// ShardedMap built lazily (the open of a version by columns): the same map as an eager one, each
// shard built once and only when read, and shared by the maps a change derives from it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freezeDocInSteps } from '../../../src/domain/wbs/change';
import { ShardedMap, shardOf } from '../../../src/domain/wbs/sharded-map';

const keysArb = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 300 });

/** A lazy map of keys[k] → k, counting how many values it built. */
function lazyOf(keys: readonly string[]) {
  const calls = { values: 0 };
  const map = ShardedMap.lazy<string, number>(
    keys.length,
    (k) => keys[k]!,
    (k) => (calls.values++, k),
    (m) => m,
  );
  return { map, calls };
}

describe('ShardedMap.lazy', () => {
  it('answers as the eager map of the same entries', () => {
    fc.assert(
      fc.property(keysArb, fc.string({ maxLength: 8 }), (keys, probe) => {
        const eager = new ShardedMap<string, number>(keys.map((k, i) => [k, i]));
        const { map } = lazyOf(keys);
        expect(map.size).toBe(eager.size);
        expect(map.get(probe)).toBe(eager.get(probe));
        expect(map.has(probe)).toBe(eager.has(probe));
        for (const k of keys) expect(map.get(k)).toBe(eager.get(k));
        expect(new Map(map)).toEqual(new Map(eager));
      }),
    );
  });

  it('builds a shard when one of its keys is read, and only that shard, once', () => {
    fc.assert(
      fc.property(
        keysArb.filter((k) => k.length > 0),
        fc.nat(),
        (keys, pick) => {
          const { map, calls } = lazyOf(keys);
          expect(calls.values).toBe(0);
          const key = keys[pick % keys.length]!;
          map.get(key);
          const sameShard = keys.filter((k) => shardOf(k) === shardOf(key)).length;
          expect(calls.values).toBe(sameShard);
          map.get(key);
          expect(calls.values).toBe(sameShard);
          expect([...map.values()].length).toBe(keys.length);
          expect(calls.values).toBe(keys.length);
        },
      ),
    );
  });

  it('shares the shards a change did not touch with the map it came from, built once for both', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `row-${i}`);
    const { map, calls } = lazyOf(keys);
    const next = map.withEntries([
      ['row-1', -1],
      ['row-2', undefined],
      ['new', 7],
    ]);
    expect([next.get('row-1'), next.has('row-2'), next.get('new'), next.size]).toEqual([-1, false, 7, 2000]);
    expect([map.get('row-1'), map.has('row-2'), map.has('new'), map.size]).toEqual([1, true, false, 2000]);
    const built = calls.values;
    const far = keys.find((k) => ![shardOf('row-1'), shardOf('row-2'), shardOf('new')].includes(shardOf(k)))!;
    expect(next.get(far)).toBe(map.get(far));
    const i = shardOf(far);
    expect(next.shard(i)).toBe(map.shard(i));
    expect(calls.values - built).toBe(keys.filter((k) => shardOf(k) === i).length);
  });

  it('is built and frozen over the steps of freezeDocInSteps', () => {
    const keys = Array.from({ length: 500 }, (_, i) => `r${i}`);
    const rows = ShardedMap.lazy(
      keys.length,
      (k) => keys[k]!,
      (k) => ({ id: keys[k]!, n: k }),
      (m) => m,
    );
    const doc = { rows, relations: new Map() } as never;
    let pauses = 0;
    for (const _ of freezeDocInSteps(doc, 100)) pauses++;
    expect(pauses).toBe(5);
    expect(Object.isFrozen(rows)).toBe(true);
    expect([...rows.builtShards()].length).toBe(ShardedMap.shardCount);
    for (const r of rows.values()) expect(Object.isFrozen(r)).toBe(true);
    expect(() => rows.set('x', { id: 'x', n: 0 })).toThrow();
  });

  it('keys each shard by what it holds: the same key built or not, a new one once a change copies it', () => {
    const keys = Array.from({ length: 3000 }, (_, i) => `row-${i}`);
    const { map, calls } = lazyOf(keys);
    const i = shardOf('row-7');
    const before = map.shardKey(i);
    expect(calls.values).toBe(0);
    expect(map.get('row-7')).toBe(7);
    expect(map.shardKey(i)).toBe(before);
    const next = map.withEntries([['row-7', -7]]);
    expect(next.shardKey(i)).not.toBe(before);
    expect(map.shardKey(i)).toBe(before);
    // Untouched shards keep their keys in the derived map, and distinct shards have distinct keys.
    const j = shardOf('row-8') === i ? shardOf('row-9') : shardOf('row-8');
    expect(next.shardKey(j)).toBe(map.shardKey(j));
    expect(map.shardKey(j)).not.toBe(before);
    // An eager map's key is the shard itself.
    const eager = new ShardedMap(keys.map((k, n) => [k, n] as const));
    expect(eager.shardKey(i)).toBe(eager.shard(i));
  });
});
