// The grid's indicator tests (domain/indicators/grid-filter), shared by the workbench's filter and
// the print: on any rows, the three statuses split the activities, summaries never show, the
// engine's flags are read only for scheduled rows, `delayed` needs a target and a later finish, and
// a quality check shows exactly the rows the assessment flags.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GRID_INDICATORS,
  QUALITY_INDICATORS,
  indicatorTest,
  isGridIndicator,
  qualityFlags,
  type IndicatorReader,
} from '../../../src/domain/indicators/grid-filter';
import type { IndActivity } from '../../../src/domain/indicators';

interface Row {
  id: string;
  nodeType: 'sum' | 'task' | 'work' | 'milestone_start' | 'milestone_finish';
  status: 'not_started' | 'in_progress' | 'completed';
  scheduled: boolean;
  critical: boolean;
  tf: number;
  ef: number;
  target: number | undefined;
}

const rowArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    nodeType: fc.constantFrom('sum', 'task', 'work', 'milestone_start', 'milestone_finish'),
    status: fc.constantFrom('not_started', 'in_progress', 'completed'),
    scheduled: fc.boolean(),
    critical: fc.boolean(),
    tf: fc.integer({ min: -5000, max: 5000 }),
    ef: fc.integer({ min: 0, max: 100_000 }),
    target: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
  }) as fc.Arbitrary<Row>;

const rowsArb = fc
  .integer({ min: 1, max: 30 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArb(`r${i}`))));

function readerOf(
  rows: readonly Row[],
  flagged: ReadonlySet<string> = new Set(),
  withTarget = true,
): IndicatorReader {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    nodeType: (id) => byId.get(id)?.nodeType,
    status: (id) => byId.get(id)!.status,
    scheduled: (id) => byId.get(id)!.scheduled,
    critical: (id) => byId.get(id)!.critical,
    tf: (id) => byId.get(id)!.tf,
    ef: (id) => byId.get(id)!.ef,
    targetFinish: (id) => (withTarget ? byId.get(id)?.target : undefined),
    quality: () => flagged,
  };
}

describe('grid indicator tests', () => {
  it('the statuses split the activities; summaries show under no status', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const r = readerOf(rows);
        const tests = (['not_started', 'in_progress', 'completed'] as const).map((k) => indicatorTest(k, r));
        for (const row of rows) {
          const hits = tests.filter((t) => t(row.id)).length;
          expect(hits).toBe(row.nodeType === 'sum' ? 0 : 1);
        }
      }),
    );
  });

  it('critical, negative float and delayed show only scheduled activities, as defined', () => {
    fc.assert(
      fc.property(rowsArb, fc.boolean(), (rows, withTarget) => {
        const r = readerOf(rows, new Set(), withTarget);
        const critical = indicatorTest('critical', r);
        const negative = indicatorTest('negative_float', r);
        const delayed = indicatorTest('delayed', r);
        const milestones = indicatorTest('milestones', r);
        for (const row of rows) {
          const act = row.nodeType !== 'sum' && row.scheduled;
          expect(critical(row.id)).toBe(act && row.critical);
          expect(negative(row.id)).toBe(act && row.tf < 0);
          expect(delayed(row.id)).toBe(act && withTarget && row.target !== undefined && row.ef > row.target);
          expect(milestones(row.id)).toBe(row.nodeType.startsWith('milestone'));
        }
      }),
    );
  });

  it('a quality check shows exactly the rows the assessment flags', () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.constantFrom(...QUALITY_INDICATORS),
        fc.array(fc.nat(40)),
        (rows, key, picks) => {
          const flagged = new Set(picks.map((i) => `r${i}`));
          const test = indicatorTest(key, readerOf(rows, flagged));
          for (const row of rows) expect(test(row.id)).toBe(flagged.has(row.id));
        },
      ),
    );
  });

  it('names every filter_indicator value, and no other', () => {
    for (const k of GRID_INDICATORS) expect(isGridIndicator(k)).toBe(true);
    expect(isGridIndicator('resources')).toBe(false);
    expect(isGridIndicator('cpli')).toBe(false);
  });

  it("qualityFlags are the assessment's flagged ids per check", () => {
    const act = (id: string, over: Partial<IndActivity> = {}): IndActivity => ({
      id,
      type: 'task',
      duration: 480,
      remaining: 480,
      actualStart: null,
      actualFinish: null,
      es: 0,
      ef: 480,
      tf: 0,
      critical: true,
      startLimit: null,
      finishLimit: null,
      resources: 1,
      ...over,
    });
    const flags = qualityFlags({
      activities: [act('a'), act('b'), act('c', { tf: 100 * 480 })],
      relations: [{ pred: 'a', succ: 'b', type: 'fs', lag: -60 }],
      target: null,
      dataDate: null,
      minutesPerDay: 480,
    });
    expect([...flags.get('leads')!]).toEqual(['b']);
    expect([...flags.get('high_float')!]).toEqual(['c']);
    // c has neither predecessor nor successor; a no predecessor; b no successor.
    expect([...flags.get('logic')!].sort()).toEqual(['a', 'b', 'c']);
  });
});
