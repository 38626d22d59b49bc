// A curve as MS Project timephased work: the stretches hold the whole work, none has work on a day
// off alone, and read back over the same calendar (partsFromTimephased) they give the curve's
// twentieths to the whole minutes a file's moments hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex, standardCalendarDef } from '../../../src/domain/calendar';
import { toMinutes } from '../../../src/domain/calendar/time';
import { curveTwentieths, partsFromTimephased, timephasedOfCurve } from '../../../src/domain/resources';

const DAY = 1440;
const std = buildCalendarIndex(standardCalendarDef());
const D0 = toMinutes(2024, 1, 29); // a Monday

const curve = fc.oneof(
  fc.constantFrom('uniform', 'front', 'back', 'bell').map((kind) => ({ kind }) as const),
  fc
    .array(fc.integer({ min: 0, max: 50 }), { minLength: 2, maxLength: 21 })
    .filter((v) => v.some((x) => x > 0))
    .map((v) => {
      const sum = v.reduce((a, x) => a + x, 0);
      return { kind: 'custom' as const, values: v.map((x) => (x / sum) * 100) };
    }),
);

describe('a curve as timephased work', () => {
  it('keeps the work and reads back as the same twentieths', () => {
    fc.assert(
      fc.property(
        curve,
        fc.integer({ min: D0, max: D0 + 20 * DAY }),
        fc.integer({ min: 10 * DAY, max: 120 * DAY }),
        fc.double({ min: 1, max: 1e5, noNaN: true }),
        (c, start, length, work) => {
          const finish = start + length;
          const stretches = timephasedOfCurve(c, work, start, finish, std);
          expect(stretches.reduce((a, s) => a + s.work, 0)).toBeCloseTo(work, 6);
          for (const s of stretches) {
            expect(s.finish).toBeGreaterThan(s.start);
            // A stretch begins where work begins (a day's first working minute or a cut inside it).
            expect(std.workAt(s.finish) - std.workAt(s.start)).toBeGreaterThan(0);
          }
          const back = partsFromTimephased(stretches, start, finish, 20, (t) => std.workAt(t));
          const want = curveTwentieths(c);
          const got = back ? curveTwentieths(back) : want.map(() => 5);
          // A twentieth's boundary sits on a whole working minute: off by at most half a minute
          // of a twentieth's working time (at least 10 days · 8 h ÷ 20 = 240 minutes here).
          got.forEach((g, i) => expect(Math.abs(g - want[i]!)).toBeLessThan(0.25));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes a working day as Project does: from its first working minute to the next day’s', () => {
    // Twenty working days in four weeks (a twentieth is a day), the weekends inside Fridays'
    // stretches; 8 h a day.
    const s = timephasedOfCurve({ kind: 'uniform' }, 160 * 60, D0 + 8 * 60, D0 + 28 * DAY + 8 * 60, std);
    expect(s).toHaveLength(20);
    for (const x of s) expect(x.work).toBeCloseTo(480, 6);
    const friday = s.find((x) => x.start === D0 + 4 * DAY + 8 * 60)!;
    expect(friday.finish).toBe(D0 + 7 * DAY + 8 * 60);
  });

  it('has no stretches over a span with no working time', () => {
    expect(timephasedOfCurve({ kind: 'back' }, 10, D0 + 5 * DAY, D0 + 7 * DAY, std)).toEqual([]);
  });
});
