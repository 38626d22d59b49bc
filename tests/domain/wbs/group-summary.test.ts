// A group header's percent complete: the planned-duration-weighted mean of its rows' (a plain mean
// when none has a duration), always between the smallest and the largest of them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupBarModel, groupPercent, groupSpan } from '../../../src/domain/wbs/group-summary';

describe('groupPercent', () => {
  it('weights by planned duration, milestones alone by count', () => {
    const pct = new Map([
      ['a', 100],
      ['b', 0],
      ['m', 50],
    ]);
    const dur = new Map([
      ['a', 480],
      ['b', 1440],
      ['m', 0],
    ]);
    const of = (id: string) => pct.get(id);
    const d = (id: string) => dur.get(id) ?? 0;
    expect(groupPercent(['a', 'b'], of, d)).toBe(25);
    expect(groupPercent(['a', 'b', 'm'], of, d)).toBe(25);
    expect(groupPercent(['m'], of, d)).toBe(50);
    expect(groupPercent(['x'], of, d)).toBeNull();
    expect(groupPercent([], of, d)).toBeNull();
  });

  it('lies between the smallest and largest percent of its rows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000 })), {
          minLength: 1,
          maxLength: 30,
        }),
        (rows) => {
          const ids = rows.map((_, i) => String(i));
          const p = groupPercent(
            ids,
            (id) => rows[Number(id)]![0],
            (id) => rows[Number(id)]![1],
          )!;
          const ps = rows.map((r) => r[0]);
          expect(p).toBeGreaterThanOrEqual(Math.min(...ps) - 1e-9);
          expect(p).toBeLessThanOrEqual(Math.max(...ps) + 1e-9);
        },
      ),
    );
  });
});

describe('groupSpan', () => {
  const dates = {
    position: new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]),
    es: [100, 50, -1],
    ef: [300, 200, -1],
  };
  it('spans the earliest start to the latest finish of the scheduled rows', () => {
    expect(groupSpan(['a', 'b', 'c', 'x'], dates)).toEqual([50, 300]);
  });
  it('is NaN without a scheduled row or a schedule', () => {
    expect(groupSpan(['c', 'x'], dates)).toEqual([NaN, NaN]);
    expect(groupSpan(['a'], null)).toEqual([NaN, NaN]);
  });
});

describe('groupBarModel', () => {
  const sched = {
    position: new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['u', 3],
    ]),
    es: [100, 50, 200, -1],
    ef: [150, 300, 260, -1],
    critical: [0, 1, 0, 0],
    percentComplete: [100, 0, 50, 0],
  };
  const dur = (id: string) => ({ a: 480, b: 1440, c: 0, u: 480 })[id] ?? 0;

  it('spans its rows, carries their weighted percent and is critical when one of them is', () => {
    expect(groupBarModel(['a', 'b', 'c'], sched, dur)).toEqual({
      start: 50,
      finish: 300,
      progress: 25,
      critical: true,
    });
    expect(groupBarModel(['a', 'c'], sched, dur)).toEqual({
      start: 100,
      finish: 260,
      progress: 100,
      critical: false,
    });
    // Without percents (stored dates): no progress.
    const { percentComplete: _, ...dates } = sched;
    expect(groupBarModel(['a', 'c'], dates, dur)?.progress).toBe(0);
    // No row scheduled: no bar.
    expect(groupBarModel(['u', 'x'], sched, dur)).toBeNull();
    expect(groupBarModel(['a'], null, dur)).toBeNull();
  });

  it('is the span, the percent and the any-critical of its rows (property)', () => {
    const row = fc.record({
      es: fc.integer({ min: -1, max: 10_000 }),
      len: fc.integer({ min: 0, max: 5_000 }),
      critical: fc.boolean(),
      pct: fc.option(fc.integer({ min: 0, max: 100 })),
      duration: fc.integer({ min: 0, max: 10_000 }),
      scheduled: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 25 }), fc.boolean(), (rows, withPct) => {
        const ids = rows.map((_, i) => `r${i}`);
        const placed = rows.flatMap((r, i) => (r.scheduled ? [i] : []));
        const s = {
          position: new Map(placed.map((i, p) => [ids[i]!, p])),
          es: placed.map((i) => rows[i]!.es),
          ef: placed.map((i) => (rows[i]!.es < 0 ? -1 : rows[i]!.es + rows[i]!.len)),
          critical: placed.map((i) => (rows[i]!.critical ? 1 : 0)),
          percentComplete: withPct ? placed.map((i) => rows[i]!.pct ?? NaN) : undefined,
        };
        const d = (id: string) => rows[Number(id.slice(1))]!.duration;
        const m = groupBarModel(ids, s, d);
        const [start, finish] = groupSpan(ids, s);
        if (Number.isNaN(start)) {
          expect(m).toBeNull();
          return;
        }
        const at = (id: string) => s.position.get(id);
        const pct = groupPercent(
          ids,
          (id) => (withPct && at(id) !== undefined ? s.percentComplete![at(id)!] : undefined),
          d,
        );
        expect(m!.start).toBe(start);
        expect(m!.finish).toBe(finish);
        expect(m!.progress).toBeCloseTo(pct ?? 0, 9);
        expect(m!.critical).toBe(placed.some((i) => rows[i]!.critical));
      }),
    );
  });
});
