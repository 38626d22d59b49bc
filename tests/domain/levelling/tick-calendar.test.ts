// Tick calendars: the O(1) working-time questions against a plain walk over the ticks, and the
// mirrored view against the reversed flags.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TickCalendar } from '../../../src/domain/levelling/tick-calendar';

const flags = fc
  .array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 60 })
  .map((a) => Uint8Array.from(a));

/** The walk: the boundary after d working ticks from s. */
function walkFinish(w: Uint8Array, s: number, d: number): number {
  let t = s;
  for (let k = 0; k < d; t++) {
    if (t >= w.length) return w.length;
    if (w[t]) k++;
  }
  return t;
}

describe('TickCalendar', () => {
  it('is the identity when continuous', () => {
    const c = TickCalendar.continuous();
    expect(c.snap(7)).toBe(7);
    expect(c.finish(3, 4)).toBe(7);
    expect(c.startForFinish(7, 4)).toBe(3);
    expect(c.advance(5, -2)).toBe(3);
    expect(c.retreat(5, 2)).toBe(3);
    expect(c.mirror()).toBe(c);
  });

  it('skips non-working ticks', () => {
    // Works on ticks 0, 1, 4, 5 (a weekend at 2, 3).
    const c = TickCalendar.fromWorking(Uint8Array.from([1, 1, 0, 0, 1, 1]));
    expect(c.snap(2)).toBe(4);
    expect(c.finish(1, 2)).toBe(5);
    expect(c.startForFinish(5, 2)).toBe(1);
    // Finishing at the end of tick 1 is finishing before the weekend's end in working time.
    expect(c.startForFinish(4, 2)).toBe(0);
    expect(c.latestStartForFinish(4, 2)).toBe(0);
    expect(c.advance(2, 1)).toBe(5);
    expect(c.snapBack(3)).toBe(1);
    expect(c.snap(6)).toBe(c.end);
  });

  it('finish, snap and the lag arithmetic agree with a walk over the ticks', () => {
    fc.assert(
      fc.property(flags, fc.nat(70), fc.integer({ min: 1, max: 8 }), (w, t0, d) => {
        const c = TickCalendar.fromWorking(w);
        const s = c.snap(t0 % (w.length + 1));
        if (s >= c.end) return;
        expect(c.works(s)).toBe(true);
        const f = c.finish(s, d);
        expect(f).toBe(walkFinish(w, s, d));
        if (f < c.end) {
          // The earliest start finishing at or after f in working time is s.
          expect(c.startForFinish(f, d)).toBe(s);
          expect(c.latestStartForFinish(f, d)).toBe(s);
        }
        const x = c.advance(s, d);
        if (x >= c.end) return;
        expect(c.retreat(x, d)).toBeGreaterThanOrEqual(s);
        expect(c.advance(c.retreat(x, d), d)).toBeLessThanOrEqual(x);
      }),
    );
  });

  it('mirrors onto the reversed flags', () => {
    fc.assert(
      fc.property(flags, (w) => {
        const m = TickCalendar.fromWorking(w).mirror();
        const r = TickCalendar.fromWorking(w.slice().reverse());
        for (let t = 0; t <= w.length; t++) {
          expect(m.workBefore(t)).toBe(r.workBefore(t));
          expect(m.snap(t)).toBe(r.snap(t));
        }
      }),
    );
  });
});
