// The schedule worker's copy of a document (src/workers/doc-pack.ts): packed and unpacked, it is
// the document, whatever its rows hold (limit types, calendars, colours, attributes, an import's
// extras, lag calendars).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WbsRelation, WbsRow } from '../../src/domain/wbs/types';
import { packDoc, packedTransferables, unpackDoc } from '../../src/workers/doc-pack';
import { generateWbs } from '../domain/wbs/generate';

const limit = fc.constantFrom(null, 'not_earlier', 'not_later', 'in_date', 'mandatory') as fc.Arbitrary<
  WbsRow['startLimitType']
>;
const nodeType = fc.constantFrom('sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft');
const number = fc.option(fc.integer({ min: -1000, max: 1_000_000 }), { nil: null });

/** What a row may hold beyond a generated one's fields. */
const rowExtras = fc.record({
  nodeType,
  code: fc.option(fc.string({ maxLength: 6 }), { nil: null }),
  calendarId: fc.constantFrom(null, 'cal-a', 'cal-b', 'cal-c'),
  startLimitType: limit,
  finishLimitType: limit,
  startLimitDate: number,
  actualStart: number,
  remaining: number,
  volume: fc.option(fc.double({ noNaN: true }), { nil: null }),
  color: fc.constantFrom(null, '#ff0000'),
  attributes: fc.dictionary(
    fc.constantFrom('a', 'b'),
    fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
  ),
  sched: fc.option(fc.record({ alap: fc.boolean(), manual: fc.boolean() }), { nil: undefined }),
});

const relationExtras = fc.record({
  type: fc.constantFrom('fs', 'ss', 'ff', 'sf') as fc.Arbitrary<WbsRelation['type']>,
  lag: fc.integer({ min: -5000, max: 5000 }),
  lagCalendar: fc.constantFrom(undefined, 'predecessor', '24h') as fc.Arbitrary<WbsRelation['lagCalendar']>,
});

describe('the worker copy of a document', () => {
  it('unpacks to the document it was packed from', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.infiniteStream(rowExtras),
        fc.infiniteStream(relationExtras),
        (n, seed, rowStream, relStream) => {
          const base = generateWbs(n, { seed, fanout: [4], relationsPerTask: 1 });
          const rows = new Map<string, WbsRow>();
          for (const row of base.rows.values()) {
            const x = rowStream.next().value;
            const next: WbsRow = { ...row, ...x, sched: x.sched };
            if (!next.sched) delete next.sched;
            rows.set(row.id, next);
          }
          const relations = new Map<string, WbsRelation>();
          for (const rel of base.relations.values()) {
            const x = relStream.next().value;
            const next: WbsRelation = { ...rel, type: x.type, lag: x.lag };
            if (x.lagCalendar) next.lagCalendar = x.lagCalendar;
            relations.set(rel.id, next);
          }
          const doc = { rows, relations };
          const packed = packDoc(doc);
          // What travels as buffers is moved, not copied: none of them is shared.
          const buffers = packedTransferables(packed);
          expect(new Set(buffers).size).toBe(buffers.length);
          const back = unpackDoc(structuredClone(packed));
          expect(back.rows).toEqual(doc.rows);
          expect(back.relations).toEqual(doc.relations);
        },
      ),
      { numRuns: 60 },
    );
  });
});
