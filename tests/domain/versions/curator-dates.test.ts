import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptPlan, curatorState, dpLimit, treeOrder } from '../../../src/domain/versions/curator-dates';

describe('curator dates', () => {
  it('tells a row not accepted, accepted as proposed, or moved since, with the finish slip in days', () => {
    expect(curatorState({ start: 0, finish: 1440 }, undefined)).toEqual({
      state: 'none',
      finishDiffDays: null,
    });
    expect(curatorState({ start: 0, finish: 1440 }, { start: 0, finish: 1440 })).toEqual({
      state: 'accepted',
      finishDiffDays: 0,
    });
    expect(curatorState({ start: 0, finish: 1440 * 4 }, { start: 0, finish: 1440 })).toEqual({
      state: 'moved',
      finishDiffDays: 3,
    });
    expect(curatorState({ start: 1440, finish: 0 }, { start: 0, finish: 1440 }).finishDiffDays).toBe(-1);
  });

  it('accepts the rows named or every dated row, refusing a row twice, an unknown row or one without dates', () => {
    const rows = [
      { id: 'a', start: 0, finish: 10 },
      { id: 'b', start: null, finish: null },
      { id: 'c', start: 5, finish: 20 },
    ];
    expect(acceptPlan(rows, undefined)).toEqual({
      ok: true,
      rows: [
        { id: 'a', start: 0, finish: 10 },
        { id: 'c', start: 5, finish: 20 },
      ],
    });
    expect(acceptPlan(rows, ['c'])).toEqual({ ok: true, rows: [{ id: 'c', start: 5, finish: 20 }] });
    expect(acceptPlan(rows, ['a', 'a'])).toMatchObject({ ok: false, problem: 'duplicate_row', index: 1 });
    expect(acceptPlan(rows, ['x'])).toMatchObject({ ok: false, problem: 'unknown_row', index: 0 });
    expect(acceptPlan(rows, ['a', 'b'])).toMatchObject({ ok: false, problem: 'no_dates', index: 1 });
  });

  it('orders rows as a tree: every row once, a parent before its children, one level deeper', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(30), { minLength: 1, maxLength: 40 }), (parents) => {
        // Row i's parent is an earlier row (or none), order keys shuffled by the index.
        const rows = parents.map((p, i) => ({
          id: `r${i}`,
          parentId: i === 0 || p % (i + 1) === i ? null : `r${p % i}`,
          orderKey: String.fromCharCode(97 + ((i * 7) % 26)),
        }));
        const out = treeOrder(rows);
        expect(out.map((o) => o.row.id).sort()).toEqual(rows.map((r) => r.id).sort());
        const at = new Map(out.map((o, i) => [o.row.id, i]));
        const depth = new Map(out.map((o) => [o.row.id, o.depth]));
        for (const r of rows) {
          if (r.parentId === null) expect(depth.get(r.id)).toBe(0);
          else {
            expect(at.get(r.parentId)!).toBeLessThan(at.get(r.id)!);
            expect(depth.get(r.id)).toBe(depth.get(r.parentId)! + 1);
          }
        }
      }),
    );
  });
});

describe('limit for daily plans', () => {
  it("takes the schedule's own days, else the space's, else none", () => {
    const l = dpLimit(100, { plan: 10, fact: null }, { plan: null, fact: 3 });
    expect(l.plan).toEqual({ days: 10, from: 90, source: 'space' });
    expect(l.fact).toEqual({ days: 3, from: 97, source: 'schedule' });
    expect(dpLimit(100, { plan: null, fact: null }, { plan: null, fact: null }).plan).toEqual({
      days: null,
      from: null,
      source: 'none',
    });
    // 0 days: only the key day; more days than there are: from day 0.
    expect(dpLimit(100, { plan: 5, fact: 5 }, { plan: 0, fact: 500 })).toMatchObject({
      plan: { from: 100, source: 'schedule' },
      fact: { from: 0 },
    });
  });
});
