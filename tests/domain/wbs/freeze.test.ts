// Loading a version may leave its document unfrozen and freeze it in steps over idle time.
import { describe, expect, it } from 'vitest';
import { change, freezeDocInSteps, wbsState } from '../../../src/domain/wbs/change';
import { ShardedMap } from '../../../src/domain/wbs/sharded-map';
import { generateWbs } from './generate';

describe('freezing a loaded document', () => {
  it('freezes at once by default', () => {
    const s = wbsState(generateWbs(20, { seed: 1, fanout: [4] }));
    expect(Object.isFrozen(s.doc)).toBe(true);
    expect(Object.isFrozen(s.doc.rows.values().next().value)).toBe(true);
  });

  it('freezes every row, relation and the document when the steps run out, not before', () => {
    const doc = generateWbs(50, { seed: 2, fanout: [5], relationsPerTask: 1 });
    const s = wbsState(doc, false);
    expect(Object.isFrozen(s.doc)).toBe(false);
    const entries = doc.rows.size + doc.relations.size;
    const steps = freezeDocInSteps(doc, 10);
    let pauses = 0;
    while (!steps.next().done) {
      pauses++;
      expect(Object.isFrozen(doc)).toBe(false);
    }
    expect(pauses).toBe(Math.floor(entries / 10));
    expect(Object.isFrozen(doc)).toBe(true);
    for (const r of doc.rows.values()) expect(Object.isFrozen(r) && Object.isFrozen(r.attributes)).toBe(true);
    for (const r of doc.relations.values()) expect(Object.isFrozen(r)).toBe(true);
    expect(() => (doc.rows as Map<string, unknown>).set('x', {})).toThrow();
  });

  it('freezes a sharded document too: the maps, their shards, rows and relations', () => {
    const plain = generateWbs(60, { seed: 3, fanout: [6], relationsPerTask: 1 });
    const doc = { rows: new ShardedMap(plain.rows), relations: new ShardedMap(plain.relations) };
    const s = wbsState(doc);
    expect(Object.isFrozen(s.doc.rows) && Object.isFrozen(s.doc.relations)).toBe(true);
    for (const r of s.doc.rows.values()) expect(Object.isFrozen(r)).toBe(true);
    for (const r of s.doc.relations.values()) expect(Object.isFrozen(r)).toBe(true);
    expect(() => (s.doc.rows as ShardedMap<string, unknown>).set('x', {})).toThrow();
    // A change leaves the next document frozen as well.
    const id = [...s.doc.rows.keys()][0]!;
    const c = change(s.doc, (d) => void (d.rows.get(id)!.name = 'Renamed'));
    expect(Object.isFrozen(c.doc.rows) && Object.isFrozen(c.doc.rows.get(id))).toBe(true);
  });

  it('freezes the rows of shards a change froze before the steps reached them', () => {
    const plain = generateWbs(80, { seed: 4, fanout: [8], relationsPerTask: 1 });
    const doc = { rows: new ShardedMap(plain.rows), relations: new ShardedMap(plain.relations) };
    const s = wbsState(doc, false);
    // An edit freezes the maps and their shards (not every row) while the steps are still to run.
    const id = [...s.doc.rows.keys()][0]!;
    change(s.doc, (d) => void (d.rows.get(id)!.name = 'Renamed'));
    expect(Object.isFrozen(doc.rows.shard(0))).toBe(true);
    for (const _ of freezeDocInSteps(doc, 7));
    for (const r of doc.rows.values()) expect(Object.isFrozen(r) && Object.isFrozen(r.attributes)).toBe(true);
    for (const r of doc.relations.values()) expect(Object.isFrozen(r)).toBe(true);
  });
});
