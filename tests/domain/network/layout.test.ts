import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutNetwork } from '../../../src/domain/network';

const a = (id: string, es = 0, critical = false) => ({ id, es, critical });

describe('layoutNetwork', () => {
  it('puts each activity in the column of its longest chain of predecessors', () => {
    const l = layoutNetwork(
      [a('s', 0, true), a('x', 5), a('y', 3, true), a('f', 9, true)],
      [
        { pred: 's', succ: 'x' },
        { pred: 's', succ: 'y' },
        { pred: 'y', succ: 'x' },
        { pred: 'x', succ: 'f' },
        { pred: 'y', succ: 'f' },
      ],
    );
    expect(Object.fromEntries(l.boxes.map((b) => [b.id, b.col]))).toEqual({ s: 0, y: 1, x: 2, f: 3 });
    expect(l.edges.filter((e) => e.critical).map((e) => `${e.pred}${e.succ}`)).toEqual(['sy', 'yf']);
    expect(l.cyclic).toEqual([]);
  });

  it('sorts a column by early start and sets loops aside', () => {
    const l = layoutNetwork(
      [a('late', 9), a('early', 1), a('p'), a('q')],
      [
        { pred: 'p', succ: 'q' },
        { pred: 'q', succ: 'p' },
      ],
    );
    const col0 = l.boxes.filter((b) => b.col === 0).sort((x, y) => x.row - y.row);
    expect(col0.map((b) => b.id)).toEqual(['early', 'late']);
    expect(l.cyclic.sort()).toEqual(['p', 'q']);
  });

  it('always draws a relation from a column left of its successor, for any acyclic network', () => {
    const arb = fc.array(fc.tuple(fc.nat(14), fc.nat(14)), { maxLength: 40 });
    fc.assert(
      fc.property(arb, (pairs) => {
        const acts = Array.from({ length: 15 }, (_, i) => a(`n${i}`, i));
        // Only forward pairs: an acyclic network.
        const rels = pairs.filter(([p, s]) => p < s).map(([p, s]) => ({ pred: `n${p}`, succ: `n${s}` }));
        const l = layoutNetwork(acts, rels);
        const col = new Map(l.boxes.map((b) => [b.id, b.col]));
        for (const r of rels) expect(col.get(r.pred)!).toBeLessThan(col.get(r.succ)!);
        const spots = new Set(l.boxes.map((b) => `${b.x},${b.y}`));
        expect(spots.size).toBe(acts.length);
      }),
    );
  });
});
