import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCyclogram, colorsOf, groupReader, PALETTE } from '../../../src/domain/cyclogram';
import type { CycloActivity } from '../../../src/domain/cyclogram';

const DAY = 1440;
const act = (
  id: string,
  location: string | null,
  kind: string,
  start: number,
  days: number,
): CycloActivity => ({
  id,
  code: id,
  name: `${kind} ${location}`,
  location,
  kind,
  start: start * DAY,
  finish: (start + days) * DAY,
  percent: 0,
});

describe('buildCyclogram', () => {
  it('lists locations in the order they first appear and one line per kind, in time order', () => {
    const c = buildCyclogram([
      act('f1', 'L1', 'formwork', 0, 5),
      act('r1', 'L1', 'rebar', 5, 4),
      act('f2', 'L2', 'formwork', 7, 5),
      act('r2', 'L2', 'rebar', 12, 4),
      act('x', null, 'formwork', 0, 1),
    ]);
    expect(c.locations).toEqual(['L1', 'L2']);
    expect(c.lines.map((l) => l.kind)).toEqual(['formwork', 'rebar']);
    expect(c.lines[0]!.segments.map((s) => [s.id, s.loc])).toEqual([
      ['f1', 0],
      ['f2', 1],
    ]);
    expect(c.start).toBe(0);
    expect(c.finish).toBe(16 * DAY);
    expect(c.clashes).toEqual([]);
  });

  it('gives each crew its rate in locations per week', () => {
    // Two floors in 14 calendar days: one location a week.
    const c = buildCyclogram([act('a', 'L1', 'k', 0, 7), act('b', 'L2', 'k', 7, 7)]);
    expect(c.lines[0]!.rate).toBeCloseTo(1);
  });

  it('marks two kinds at one location at one time, and not a handover or the same kind', () => {
    const c = buildCyclogram([
      act('a', 'L1', 'drywall', 0, 8),
      act('b', 'L1', 'second fix', 3, 7),
      act('c', 'L1', 'ceilings', 10, 2),
      act('d', 'L1', 'drywall', 2, 2),
    ]);
    expect(c.clashes.map((x) => [x.a, x.b].sort().join('+')).sort()).toEqual(['a+b', 'b+d']);
    const ab = c.clashes.find((x) => [x.a, x.b].sort().join() === 'a,b')!;
    expect([ab.start, ab.finish]).toEqual([3 * DAY, 8 * DAY]);
  });

  it('finds exactly the pairs a brute-force comparison finds', () => {
    const arb = fc.array(
      fc.record({
        loc: fc.integer({ min: 0, max: 3 }),
        kind: fc.constantFrom('a', 'b', 'c'),
        start: fc.integer({ min: 0, max: 30 }),
        days: fc.integer({ min: 0, max: 6 }),
      }),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(arb, (specs) => {
        const acts = specs.map((s, i) => act(`x${i}`, `L${s.loc}`, s.kind, s.start, s.days));
        const got = new Set(buildCyclogram(acts).clashes.map((c) => [c.a, c.b].sort().join()));
        const want = new Set<string>();
        for (let i = 0; i < acts.length; i++)
          for (let j = i + 1; j < acts.length; j++) {
            const [p, q] = [acts[i]!, acts[j]!];
            // Milestones (no duration) are no crew: they never clash.
            const spans = p.finish > p.start && q.finish > q.start;
            if (
              spans &&
              p.location === q.location &&
              p.kind !== q.kind &&
              p.start < q.finish &&
              q.start < p.finish
            )
              want.add([p.id, q.id].sort().join());
          }
        expect(got).toEqual(want);
      }),
    );
  });
});

describe('groupReader', () => {
  const rows = [
    { id: 'r', parent_id: null, name: 'Building', attributes: {} },
    { id: 'l1', parent_id: 'r', name: 'Level 1', attributes: {} },
    { id: 't', parent_id: 'l1', name: 'Slab', attributes: { Location: 'Level 1', n: 3 } },
  ];
  it('reads an attribute, a WBS level or the name', () => {
    expect(groupReader(rows, 'Location')(rows[2]!)).toBe('Level 1');
    expect(groupReader(rows, 'n')(rows[2]!)).toBe('3');
    expect(groupReader(rows, 'missing')(rows[2]!)).toBeNull();
    expect(groupReader(rows, 'wbs:2')(rows[2]!)).toBe('Level 1');
    expect(groupReader(rows, 'wbs:2')(rows[1]!)).toBeNull();
    expect(groupReader(rows, 'wbs:1')(rows[2]!)).toBe('Building');
    expect(groupReader(rows, 'wbs:0')(rows[2]!)).toBeNull();
    expect(groupReader(rows, 'name')(rows[2]!)).toBe('Slab');
  });
});

describe('colorsOf', () => {
  it('keeps saved colours and fills the rest from the palette', () => {
    expect(colorsOf(['a', 'b'], { b: '#000000' })).toEqual({ a: PALETTE[0], b: '#000000' });
  });
});

describe('buildCyclogram on a given axis', () => {
  it('keeps the axis order and adds locations it lacks after it', () => {
    const c = buildCyclogram([act('a', 'L3', 'k', 0, 1), act('b', 'L1', 'k', 1, 1)], ['L1', 'L2']);
    expect(c.locations).toEqual(['L1', 'L2', 'L3']);
    expect(c.lines[0]!.segments.map((s) => s.loc)).toEqual([2, 0]);
  });
});
