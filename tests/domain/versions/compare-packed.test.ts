import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../../src/domain/versions/compare';
import type { CompareActivity, CompareSide } from '../../../src/domain/versions/compare';
import { PACKED_SIDE_FORMAT, packSide, unpackSide } from '../../../src/domain/versions/compare-packed';

const text = fc.oneof(fc.constant(''), fc.string({ maxLength: 6 }), fc.constantFrom('é ✓', '"q"', '\\n'));
const minutes = fc.option(fc.integer({ min: -100_000, max: 10_000_000 }), { nil: null });

/** A side whose parents and relation ends are mostly its rows, sometimes ids it does not hold. */
const side: fc.Arbitrary<CompareSide> = fc
  .array(
    fc.record({
      code: text,
      name: text,
      nodeType: fc.constantFrom('task', 'sum', 'milestone', 'draft'),
      duration: fc.integer({ min: 0, max: 100_000 }),
      percent: fc
        .double({ min: 0, max: 100, noNaN: true, noDefaultInfinity: true })
        .map((x) => (x === 0 ? 0 : x)),
      calendarId: fc.option(fc.constantFrom('Standard', 'Night shift', '7-day'), { nil: null }),
      constraint: fc.oneof(fc.constant(''), text),
      assignments: fc.oneof(fc.constant(''), text),
      attributes: fc.oneof(fc.constant(''), text),
      start: minutes,
      finish: minutes,
      totalFloat: minutes,
      critical: fc.boolean(),
      parent: fc.integer({ min: -2, max: 40 }),
    }),
    { maxLength: 40 },
  )
  .chain((rows) =>
    fc
      .array(
        fc.record({
          pred: fc.integer({ min: -1, max: rows.length }),
          succ: fc.integer({ min: -1, max: rows.length }),
          type: fc.constantFrom('FS', 'SS', 'FF', 'SF'),
          lag: fc.integer({ min: -5000, max: 5000 }),
        }),
        { maxLength: 60 },
      )
      .map((rels) => {
        const id = (i: number) => (i >= 0 && i < rows.length ? `r${i}` : `gone-${i}`);
        const activities: CompareActivity[] = rows.map(({ parent, ...r }, i) => ({
          id: `r${i}`,
          code: r.code,
          name: r.name,
          parentId: parent === -1 ? null : id(parent),
          nodeType: r.nodeType,
          duration: r.duration,
          percent: r.percent,
          calendarId: r.calendarId,
          constraint: r.constraint,
          assignments: r.assignments,
          attributes: r.attributes,
          start: r.start,
          finish: r.finish,
          totalFloat: r.totalFloat,
          critical: r.critical,
        }));
        return {
          activities,
          relations: rels.map((r) => ({ predId: id(r.pred), succId: id(r.succ), type: r.type, lag: r.lag })),
        };
      }),
  );

describe('packed sides', () => {
  it('unpack what was packed: every field of every row and relation, in order', () => {
    fc.assert(
      fc.property(side, (s) => {
        expect(unpackSide(packSide(s))).toEqual(s);
      }),
      { numRuns: 300 },
    );
  });

  it('compare as the sides they were packed from', () => {
    fc.assert(
      fc.property(side, side, fc.integer({ min: 0, max: 20 }), (a, b, slip) => {
        const packed = compareVersions(unpackSide(packSide(a))!, unpackSide(packSide(b))!, slip);
        expect(packed).toEqual(compareVersions(a, b, slip));
      }),
      { numRuns: 200 },
    );
  });

  it('read a text of another format as nothing', () => {
    const t = JSON.parse(packSide({ activities: [], relations: [] })) as { f: number };
    expect(unpackSide(JSON.stringify({ ...t, f: PACKED_SIDE_FORMAT + 1 }))).toBeNull();
    expect(unpackSide(packSide({ activities: [], relations: [] }))).toEqual({
      activities: [],
      relations: [],
    });
  });
});
