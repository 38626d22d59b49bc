import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  curveFromP6Points,
  curveOfWorkContour,
  curveShare,
  isCurve,
  partsFromTimephased,
} from '../../../src/domain/resources';
import { buildCalendarIndex, standardCalendarDef } from '../../../src/domain/calendar/calendar-index';
import { toMinutes } from '../../../src/domain/calendar/time';

const flat21 = (v: number) => new Array<number>(21).fill(v);

describe('P6 resource curves (RSRCCURVDATA, 21 points)', () => {
  it('a flat curve of any level is uniform; all zeros carries no shape', () => {
    expect(curveFromP6Points(flat21(100))).toEqual({ kind: 'uniform' });
    expect(curveFromP6Points(flat21(7))).toEqual({ kind: 'uniform' });
    expect(curveFromP6Points(flat21(0))).toEqual({ kind: 'uniform' });
  });

  it('each twentieth gets the area under its stretch of the line through the points', () => {
    // A ramp from 0 to 20 in steps of 1: twentieth i holds (i + i + 1) / 2 = i + 0.5; sum 200.
    const ramp = Array.from({ length: 21 }, (_, i) => i);
    const c = curveFromP6Points(ramp)!;
    expect(c.kind).toBe('custom');
    expect(c.values).toHaveLength(20);
    c.values!.forEach((p, i) => expect(p).toBeCloseTo(((i + 0.5) / 200) * 100, 5));
    // A single spike at 50 %: the two twentieths beside it share the work.
    const spike = flat21(0);
    spike[10] = 100;
    const s = curveFromP6Points(spike)!;
    expect(s.values![9]).toBeCloseTo(50, 6);
    expect(s.values![10]).toBeCloseTo(50, 6);
    expect(curveShare(s.values!, 0.45, 0.55)).toBeCloseTo(1, 6);
  });

  it('refuses what is not 21 numbers ≥ 0', () => {
    expect(curveFromP6Points(flat21(1).slice(1))).toBeNull();
    const bad = flat21(1);
    bad[3] = -1;
    expect(curveFromP6Points(bad)).toBeNull();
    bad[3] = Number.NaN;
    expect(curveFromP6Points(bad)).toBeNull();
  });

  it('any 21 usages make a curve of 20 parts summing to 100 that keeps their shape', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 21, maxLength: 21 }), (pts) => {
        const c = curveFromP6Points(pts)!;
        if (c.kind === 'uniform') return;
        expect(isCurve(c.values!)).toBe(true);
        const areas = pts.slice(0, 20).map((p, i) => (p + pts[i + 1]!) / 2);
        const sum = areas.reduce((s, a) => s + a, 0);
        c.values!.forEach((v, i) => expect(v).toBeCloseTo((areas[i]! / sum) * 100, 4));
      }),
    );
  });
});

describe('MS Project work contours', () => {
  it('flat, back, front and bell are the named curves; the others need timephased work', () => {
    expect(curveOfWorkContour('0')).toEqual({ kind: 'uniform' });
    expect(curveOfWorkContour('')).toEqual({ kind: 'uniform' });
    expect(curveOfWorkContour('1')).toEqual({ kind: 'back' });
    expect(curveOfWorkContour('2')).toEqual({ kind: 'front' });
    expect(curveOfWorkContour('6')).toEqual({ kind: 'bell' });
    for (const c of ['3', '4', '5', '7', '8']) expect(curveOfWorkContour(c)).toBeNull();
  });

  it('timephased stretches give the work of each equal part of the span', () => {
    // 0–100: 10 units over [0, 50), 30 over [50, 100) → first half 25 %, second 75 %.
    const c = partsFromTimephased(
      [
        { start: 0, finish: 50, work: 10 },
        { start: 50, finish: 100, work: 30 },
      ],
      0,
      100,
      4,
    )!;
    expect(c).toEqual({ kind: 'custom', values: [12.5, 12.5, 37.5, 37.5] });
    expect(partsFromTimephased([{ start: 0, finish: 100, work: 5 }], 0, 100, 10)).toEqual({
      kind: 'uniform',
    });
    expect(partsFromTimephased([], 0, 100)).toBeNull();
    expect(partsFromTimephased([{ start: 0, finish: 10, work: 1 }], 10, 10)).toBeNull();
  });

  it('the parts hold all the work inside the span, whatever the stretches', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            a: fc.integer({ min: 0, max: 990 }),
            len: fc.integer({ min: 1, max: 200 }),
            work: fc.integer({ min: 1, max: 50 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (list) => {
          const stretches = list.map((s) => ({ start: s.a, finish: s.a + s.len, work: s.work }));
          const c = partsFromTimephased(stretches, 0, 1000, 20)!;
          if (c.kind === 'custom') expect(isCurve(c.values!)).toBe(true);
          // The first tenth's share equals the work in [0, 100) over all the work in [0, 1000).
          const inside = (lo: number, hi: number) =>
            stretches.reduce(
              (s, x) =>
                s +
                (x.work * Math.max(0, Math.min(hi, x.finish) - Math.max(lo, x.start))) / (x.finish - x.start),
              0,
            );
          const parts = c.kind === 'custom' ? c.values! : new Array<number>(20).fill(5);
          expect(curveShare(parts, 0, 0.1)).toBeCloseTo(inside(0, 100) / inside(0, 1000), 4);
        },
      ),
    );
  });

  describe('in working time', () => {
    const cal = buildCalendarIndex(standardCalendarDef());
    const workAt = (t: number) => cal.workAt(t);
    const mon = toMinutes(2024, 1, 8, 8, 0); // Monday 08:00
    const day = 1440;

    it('a stretch over a weekend puts its work on the working days only', () => {
      // Mon 08:00 → next Fri 17:00: ten working days. First stretch Mon → next Mon 08:00
      // (five working days and the weekend) holds 10 h, the second (five days) 70 h.
      const nextMon = mon + 7 * day;
      const end = mon + 11 * day + 9 * 60;
      const stretches = [
        { start: mon, finish: nextMon, work: 10 },
        { start: nextMon, finish: end, work: 70 },
      ];
      const c = partsFromTimephased(stretches, mon, end, 2, workAt)!;
      expect(c).toEqual({ kind: 'custom', values: [12.5, 87.5] });
      // In elapsed time the first stretch is longer than half the span.
      const e = partsFromTimephased(stretches, mon, end, 2)!;
      expect(e.values![0]).not.toBeCloseTo(12.5, 1);
    });

    it('work on a day off counts at its place; a span with no working time is measured in elapsed time', () => {
      const sat = mon + 5 * day;
      const c = partsFromTimephased(
        [
          { start: mon, finish: mon + 9 * 60, work: 8 },
          { start: sat, finish: sat + 8 * 60, work: 8 },
        ],
        mon,
        mon + 7 * day,
        5,
        workAt,
      )!;
      // Saturday comes after all five working days: its work lands in the last part.
      expect(c).toEqual({ kind: 'custom', values: [50, 0, 0, 0, 50] });
      const weekend = partsFromTimephased(
        [{ start: sat, finish: sat + day, work: 4 }],
        sat,
        sat + 2 * day,
        2,
        workAt,
      )!;
      expect(weekend).toEqual({ kind: 'custom', values: [100, 0] });
    });

    it('equals the elapsed reading of the same stretches laid out on working minutes', () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              a: fc.integer({ min: 0, max: 20 * day }),
              len: fc.integer({ min: 60, max: 5 * day }),
              work: fc.integer({ min: 1, max: 50 }),
            }),
            { minLength: 1, maxLength: 10 },
          ),
          (list) => {
            const stretches = list
              .map((s) => ({ start: mon + s.a, finish: mon + s.a + s.len, work: s.work }))
              .filter((s) => workAt(s.finish) > workAt(s.start));
            if (stretches.length === 0) return;
            const [lo, hi] = [mon, mon + 26 * day];
            const got = partsFromTimephased(stretches, lo, hi, 20, workAt);
            const moved = stretches.map((s) => ({
              start: workAt(s.start),
              finish: workAt(s.finish),
              work: s.work,
            }));
            const want = partsFromTimephased(moved, workAt(lo), workAt(hi), 20);
            expect(got).toEqual(want);
          },
        ),
      );
    });
  });
});
