import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dragMinutes, onBar } from '../../../src/gantt/resource-drag';
import { pxPerDay } from '../../../src/gantt/timescale';
import type { Timescale } from '../../../src/gantt/timescale';
import { toMinutes } from '../../../src/domain/calendar/time';

const ts = { unit: 'day', zoom: 1, origin: toMinutes(2026, 3, 1), scrollLeft: 0 } as Timescale;

describe('dragging a bar of the resource Gantt', () => {
  it('takes a press on the bar only', () => {
    const start = toMinutes(2026, 3, 3);
    const finish = toMinutes(2026, 3, 5);
    const d = pxPerDay(ts);
    expect(onBar(ts, start, finish, 2.5 * d)).toBe(true);
    expect(onBar(ts, start, finish, 0.5 * d)).toBe(false);
    expect(onBar(ts, NaN, finish, 2.5 * d)).toBe(false);
  });

  it('moves by whole days, as many as the pointer travelled (rounded)', () => {
    const d = pxPerDay(ts);
    fc.assert(
      fc.property(
        fc.integer({ min: -60, max: 60 }),
        fc.double({ min: -0.49, max: 0.49, noNaN: true }),
        (days, f) => {
          expect(dragMinutes(ts, 100, 100 + (days + f) * d)).toBe(days * 1440);
        },
      ),
    );
  });
});
