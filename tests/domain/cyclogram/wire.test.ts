import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildCyclogram,
  packClashes,
  packLines,
  unpackClashes,
  unpackLines,
} from '../../../src/domain/cyclogram';
import type { CycloActivity } from '../../../src/domain/cyclogram';

const DAY = 1440;

const activities = fc.array(
  fc.record({
    location: fc.option(fc.constantFrom('L1', 'L2', 'L3', 'L4'), { nil: null }),
    kind: fc.option(fc.constantFrom('formwork', 'rebar', 'pour'), { nil: null }),
    start: fc.integer({ min: 0, max: 60 }),
    days: fc.integer({ min: 0, max: 9 }),
    percent: fc.integer({ min: 0, max: 100 }),
  }),
  { maxLength: 60 },
);

const built = (
  list: readonly {
    location: string | null;
    kind: string | null;
    start: number;
    days: number;
    percent: number;
  }[],
) =>
  buildCyclogram(
    list.map((a, i): CycloActivity => ({
      id: `id-${i}`,
      code: `A${i}`,
      name: `${a.kind} at ${a.location}`,
      location: a.location,
      kind: a.kind,
      start: a.start * DAY,
      finish: (a.start + a.days) * DAY,
      percent: a.percent,
    })),
  );

describe('the cyclogram on the wire', () => {
  it('gives back the same lines and clashes it packed (any chart)', () => {
    fc.assert(
      fc.property(activities, (list) => {
        const c = built(list);
        const lines = c.lines.map((l, i) => ({ ...l, color: `#00000${i % 10}` }));
        const wire = JSON.parse(
          JSON.stringify({ lines: packLines(lines), clashes: packClashes(c.clashes, lines) }),
        );
        const back = unpackLines(wire.lines);
        expect(back).toEqual(lines);
        expect(unpackClashes(wire.clashes, back)).toEqual(c.clashes);
      }),
    );
  });

  it('names a clash’s works by their place across the lines, and each work’s fields once', () => {
    const c = built([
      { location: 'L1', kind: 'formwork', start: 0, days: 5, percent: 0 },
      { location: 'L1', kind: 'rebar', start: 2, days: 5, percent: 40 },
    ]);
    const lines = c.lines.map((l) => ({ ...l, color: '#123456' }));
    const wire = packLines(lines);
    expect(wire[1]!.works).toEqual({
      id: ['id-1'],
      code: ['A1'],
      name: ['rebar at L1'],
      loc: [0],
      start: [2 * DAY],
      finish: [7 * DAY],
      percent: [40],
    });
    expect(packClashes(c.clashes, lines)).toEqual({
      loc: [0],
      a: [0],
      b: [1],
      start: [2 * DAY],
      finish: [5 * DAY],
    });
  });

  it('refuses a clash of a work no line holds (a chart and its clashes out of step)', () => {
    expect(() => packClashes([{ loc: 0, a: 'x', b: 'y', start: 0, finish: 1 }], [])).toThrow(/no line/);
  });
});
