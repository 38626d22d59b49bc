// The worker's open of a packed document (branch worker1m) against the path before it: the tree
// index from the columns equals the one built from the rows, the engine model equals the reference
// toScheduleModel byte for byte, and ScheduleCore.openPacked schedules (and then patches) as open().
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standardCalendarDef } from '../../src/domain/calendar';
import { buildCalendarIndex } from '../../src/domain/calendar/calendar-index';
import { defaultScheduleOptions } from '../../src/domain/schedule';
import type { CalendarDef } from '../../src/domain/schedule';
import { buildTreeIndex, toScheduleModel } from '../../src/domain/wbs';
import type { WbsDoc, WbsRelation, WbsRow } from '../../src/domain/wbs/types';
import { packDoc, unpackDoc } from '../../src/workers/doc-pack';
import { packedTreeIndex } from '../../src/workers/packed-tree';
import { ScheduleCore, type ScheduleOutput } from '../../src/workers/schedule-core';
import { generateWbs } from '../domain/wbs/generate';
import { referenceToScheduleModel } from '../domain/wbs/schedule-model-reference';

const DATA_DATE = 13_681_440;
const calendars: CalendarDef[] = [
  { ...standardCalendarDef('cal-a'), isDefault: true },
  { ...standardCalendarDef('cal-b'), week: Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]) },
];
const options = defaultScheduleOptions(DATA_DATE, 'cal-a');

/** What a row may hold beyond a generated one's: drafts, codes, calendars, progress, extras. */
const rowExtras = fc.record({
  nodeType: fc.constantFrom('task', 'task', 'milestone_finish', 'draft') as fc.Arbitrary<WbsRow['nodeType']>,
  code: fc.option(fc.constantFrom('', 'X', 'A1'), { nil: null }),
  calendarId: fc.constantFrom(null, 'cal-a', 'cal-b', 'cal-gone'),
  percentComplete: fc.constantFrom(0, 0, 40, 100),
  /** An order key shared with a sibling (ties go by id), or the generated one. */
  sameKey: fc.boolean(),
  sched: fc.option(
    fc.record({ alap: fc.boolean(), manual: fc.boolean(), splitGap: fc.constantFrom(0, 60) }),
    {
      nil: undefined,
    },
  ),
});
const relationExtras = fc.record({
  type: fc.constantFrom('fs', 'ss', 'ff', 'sf') as fc.Arbitrary<WbsRelation['type']>,
  lag: fc.integer({ min: -960, max: 960 }),
  lagCalendar: fc.constantFrom(undefined, '24h') as fc.Arbitrary<WbsRelation['lagCalendar']>,
});

/** A generated document with extras, its rows in a shuffled order (not the server's). */
const docs = fc
  .tuple(
    fc.integer({ min: 1, max: 80 }),
    fc.integer({ min: 0, max: 1000 }),
    fc.infiniteStream(rowExtras),
    fc.infiniteStream(relationExtras),
    fc.integer({ min: 0, max: 1000 }),
  )
  .map(([n, seed, rowStream, relStream, shuffle]): WbsDoc => {
    const base = generateWbs(n, { seed, fanout: [3, 4], relationsPerTask: 1.2 });
    const parents = new Set([...base.rows.values()].map((r) => r.parentId));
    const list: WbsRow[] = [];
    let lastKey = 'a0';
    for (const row of base.rows.values()) {
      const x = rowStream.next().value;
      // Summaries stay summaries (their children are under them either way).
      const nodeType = parents.has(row.id) ? row.nodeType : x.nodeType;
      const next: WbsRow = {
        ...row,
        nodeType,
        code: x.code,
        calendarId: x.calendarId,
        percentComplete: x.percentComplete,
        orderKey: x.sameKey ? lastKey : row.orderKey,
      };
      lastKey = row.orderKey;
      if (x.sched) next.sched = x.sched;
      list.push(next);
    }
    // A fixed permutation of the rows (the index must not depend on the rows' order).
    for (let i = list.length - 1, s = shuffle; i > 0; i--) {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      const j = s % (i + 1);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    const relations = new Map<string, WbsRelation>();
    for (const rel of base.relations.values()) {
      const x = relStream.next().value;
      const next: WbsRelation = { ...rel, type: x.type, lag: x.lag };
      if (x.lagCalendar) next.lagCalendar = x.lagCalendar;
      relations.set(rel.id, next);
    }
    return { rows: new Map(list.map((r) => [r.id, r])), relations };
  });

const OUTPUT_ARRAYS = [
  'es',
  'ef',
  'ls',
  'lf',
  'tf',
  'ff',
  'critical',
  'drivingStart',
  'drivingPred',
] as const;
function expectSameOutput(a: ScheduleOutput | null, b: ScheduleOutput | null): void {
  expect(a === null).toBe(b === null);
  if (!a || !b) return;
  expect(a.ids).toEqual(b.ids);
  for (const f of OUTPUT_ARRAYS) expect(Array.from(a[f])).toEqual(Array.from(b[f]));
  expect(a.projectFinish).toBe(b.projectFinish);
  expect(a.failure).toEqual(b.failure);
  expect(a.full).toBe(b.full);
}

describe('the worker open of a packed document', () => {
  it('indexes the columns as buildTreeIndex indexes the rows', () => {
    fc.assert(
      fc.property(docs, (doc) => {
        const packed = packDoc(doc);
        const rows = unpackDoc(packed).rows;
        expect(packedTreeIndex(packed).children).toEqual(buildTreeIndex(rows).children);
      }),
      { numRuns: 80 },
    );
  });

  it('builds the engine model the reference builds, byte for byte', () => {
    const calendarIndex = (id: string) =>
      buildCalendarIndex(calendars.find((c) => c.id === id) ?? calendars[0]!);
    fc.assert(
      fc.property(docs, fc.boolean(), fc.boolean(), (doc, includeDrafts, withCalendars) => {
        const opts = { ...options, includeDrafts, ...(withCalendars ? { calendarIndex } : {}) };
        const now = toScheduleModel(doc.rows, doc.relations, calendars, opts);
        const before = referenceToScheduleModel(doc.rows, doc.relations, calendars, opts);
        expect(JSON.stringify(now)).toBe(JSON.stringify(before));
      }),
      { numRuns: 80 },
    );
  });

  it('schedules and patches a packed document as the document itself', () => {
    fc.assert(
      fc.property(docs, fc.integer({ min: 0, max: 10_000 }), (doc, pick) => {
        const a = new ScheduleCore();
        const b = new ScheduleCore();
        expectSameOutput(
          a.open(doc, calendars, options, 1),
          b.openPacked(packDoc(doc), calendars, options, 1),
        );
        // A duration edit (incremental when the row is scheduled) and a relation removed.
        const rows = [...doc.rows.values()];
        const row = rows[pick % rows.length]!;
        const patches = [
          { op: 'replace' as const, path: ['rows', row.id, 'duration'], value: row.duration + 480 },
        ];
        expectSameOutput(a.patch(patches, 2), b.patch(patches, 2));
        const rel = [...doc.relations.keys()][pick % Math.max(1, doc.relations.size)];
        if (rel !== undefined) {
          const removal = [{ op: 'remove' as const, path: ['relations', rel] }];
          expectSameOutput(a.patch(removal, 3), b.patch(removal, 3));
        }
      }),
      { numRuns: 40 },
    );
  });
});
