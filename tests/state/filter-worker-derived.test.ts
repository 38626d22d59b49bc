// The filter in the schedule worker on what only a schedule, a calendar or a formula gives: start,
// finish, the four floats, critical, the status of summaries, durations in days of the row's
// calendar, accepted dates, calculated attributes and every `filter_indicator`. Property: over
// random outlines, progress, calendars, links, accepted and target dates, formulas and random
// filters, the worker's answer (the in-process ScheduleCore behind a ScheduleRunner, as the page
// wires it) shows the same rows as the main thread's evaluation over the store (filter.ts), which
// reads the schedule and calculated values the worker handed it.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { standardCalendarDef } from '../../src/domain/calendar';
import { formatDate } from '../../src/domain/format';
import { isoDay, type FilterCondition, type FilterExpr } from '../../src/domain/filter';
import { GRID_INDICATORS } from '../../src/domain/indicators/grid-filter';
import { keysBetween, newRow, type WbsRelation, type WbsRow } from '../../src/domain/wbs';
import { loadVersion } from '../../src/state/workbench/data';
import { filterShownRowsByIds, type ActiveFilter, type Indicator } from '../../src/state/workbench/filter';
import { provideFilterWorker, setFilter } from '../../src/state/workbench/filter-view';
import { ScheduleRunner } from '../../src/state/workbench/schedule-runner';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { inProcessScheduleService } from '../../src/workers/schedule-client';
import type { FilterRequest } from '../../src/workers/filter-core';
import { DAY, version } from './fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));
const HALF = { ...standardCalendarDef('half'), hoursPerDay: 4 };
const CALENDARS = [standardCalendarDef('standard'), HALF];
provideServices({ newId: () => 'new', hoursPerDay: (id) => (id === 'half' ? 4 : 8) });
// 2026-01-05, the fixtures' data date.
const D0 = 9501 * 1440;
const day = (k: number) => formatDate(D0 + k * 1440, 'YYYY-MM-DD');

interface RowSpec {
  parent: number;
  kind: 'sum' | 'task' | 'milestone_start';
  days: number;
  progress: 0 | 40 | 100;
  half: boolean;
  zone: string;
  accepted: number | null;
  target: number | null;
  link: boolean;
}

const rowSpec = fc.record({
  parent: fc.nat(),
  kind: fc.constantFrom('sum' as const, 'task' as const, 'task' as const, 'milestone_start' as const),
  days: fc.integer({ min: 0, max: 6 }),
  progress: fc.constantFrom(0 as const, 0 as const, 40 as const, 100 as const),
  half: fc.boolean(),
  zone: fc.constantFrom('A', 'B', 'C'),
  accepted: fc.option(fc.integer({ min: -3, max: 20 })),
  target: fc.option(fc.integer({ min: -3, max: 20 })),
  link: fc.boolean(),
});

/** A version from specs: each row under an earlier summary (or at the top), linked to the previous task. */
function build(specs: readonly RowSpec[]) {
  const keys = keysBetween(null, null, specs.length);
  const rows: WbsRow[] = [];
  const relations: WbsRelation[] = [];
  const sums: string[] = [];
  let lastTask: string | null = null;
  specs.forEach((sp, i) => {
    const id = `R${i}`;
    const parent = sums.length && sp.parent % 3 !== 0 ? sums[sp.parent % sums.length]! : null;
    const duration = sp.kind === 'task' ? sp.days * (sp.half ? 240 : DAY) : 0;
    const row = newRow(id, sp.kind, parent, keys[i]!, {
      name: `Row ${i}`,
      duration,
      percentComplete: sp.kind === 'sum' ? 0 : sp.progress,
      calendarId: sp.half ? 'half' : 'standard',
      attributes: { zone: sp.zone },
      volume: sp.days,
    });
    const started = sp.kind !== 'sum' && sp.progress > 0;
    rows.push(started ? { ...row, actualStart: D0 - 2 * 1440 } : row);
    if (sp.kind === 'sum') sums.push(id);
    else {
      if (sp.link && lastTask)
        relations.push({ id: `L${i}`, predId: lastTask, succId: id, type: 'fs', lag: 0 });
      lastTask = id;
    }
  });
  return { rows, relations };
}

const dateField = fc.constantFrom('start', 'finish', 'accepted_start', 'accepted_finish');
const numField = fc.constantFrom(
  'total_float',
  'free_float',
  'start_float',
  'finish_float',
  'duration',
  'attr:calc',
);
const condition: fc.Arbitrary<FilterCondition> = fc.oneof(
  fc.record({
    field: dateField,
    op: fc.constantFrom('lt' as const, 'gte' as const, 'exists' as const, 'not_exists' as const),
    value: fc.integer({ min: -2, max: 15 }).map(day),
  }),
  fc.record({
    field: dateField,
    op: fc.constant('range' as const),
    from: fc.integer({ min: -2, max: 8 }).map(day),
    to: fc.integer({ min: 4, max: 20 }).map(day),
  }),
  fc.record({
    field: numField,
    op: fc.constantFrom('lt' as const, 'gte' as const, 'eq' as const, 'sum_exists' as const),
    value: fc.constantFrom(0, 0.5, 1, 2, 3, 8),
  }),
  fc.record({
    field: fc.constant('status'),
    op: fc.constant('eq_text' as const),
    value: fc.constantFrom('not_started', 'in_progress', 'completed'),
  }),
  fc.record({ field: fc.constant('critical'), op: fc.constant('eq' as const), value: fc.boolean() }),
  fc.record({
    field: fc.constant('attr:label'),
    op: fc.constantFrom('like' as const, 'eq_text' as const),
    value: fc.constantFrom('A', 'B-1', 'C'),
  }),
);
const expr: fc.Arbitrary<FilterExpr> = fc.oneof(
  condition,
  fc.record({
    match: fc.constantFrom('all' as const, 'any' as const),
    conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
  }),
);

describe('the filter in the worker on schedule, calendar and calculated values', () => {
  let runner: ScheduleRunner | null = null;
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    runner?.dispose();
    runner = null;
  });

  it('isoDay is formatDate by day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000, max: 80_000_000 }), (m) => {
        expect(isoDay(m)).toBe(formatDate(m, 'YYYY-MM-DD'));
      }),
    );
  });

  it('shows the rows the main thread shows, for random versions and filters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowSpec, { minLength: 1, maxLength: 14 }),
        fc.array(fc.tuple(fc.option(expr, { nil: null }), fc.option(fc.constantFrom(...GRID_INDICATORS))), {
          minLength: 1,
          maxLength: 4,
        }),
        async (specs, filters) => {
          stop();
          runner?.dispose();
          useWorkbench.setState(initialState(), true);
          workbench.set({ calendars: CALENDARS, calendarsLoaded: true });
          const { rows, relations } = build(specs);
          loadVersion(version(), rows, relations);
          const r = new ScheduleRunner(inProcessScheduleService());
          runner = r;
          r.open();
          const service = r.scheduleService;
          await service.setFormulas(
            [
              { key: 'calc', formula: 'duration * 2' },
              { key: 'label', formula: '[Zone] & "-" & progress / 40' },
            ],
            [
              { key: 'zone', name: 'Zone' },
              { key: 'calc', name: 'Calc' },
              { key: 'label', name: 'Label' },
            ],
          );
          const delta = await service.formulaChanges();
          await settle();
          workbench.set({
            formulaValues: new Map(delta!.values),
            curatorDates: new Map(
              specs.flatMap((sp, i) =>
                sp.accepted === null
                  ? []
                  : [[`R${i}`, { start: D0 + sp.accepted * 1440, finish: D0 + (sp.accepted + 1) * 1440 }]],
              ),
            ),
            target: {
              versionId: 't',
              label: 'T',
              dates: new Map(
                specs.flatMap((sp, i) =>
                  sp.target === null
                    ? []
                    : [[`R${i}`, [D0 + sp.target * 1440, D0 + (sp.target + 2) * 1440] as const]],
                ),
              ),
            },
          });
          const asked: FilterRequest[] = [];
          stop = provideFilterWorker((req) => {
            asked.push(req);
            return r.filter(req);
          });
          expect(workbench.get().schedule?.revision).toBe(workbench.get().dataRevision);
          for (const [e, indicator] of filters) {
            if (!e && !indicator) continue;
            const f: ActiveFilter = { expr: e, indicator: (indicator ?? null) as Indicator | null, key: 'k' };
            const before = asked.length;
            setFilter(f);
            expect(asked.length).toBe(before + 1);
            await settle();
            await settle();
            const s = workbench.get();
            const expected = filterShownRowsByIds(s, f, (id) => (id === 'half' ? 4 : 8));
            expect(new Set(s.filterShown)).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads a summary's status from the worker's roll-up", async () => {
    useWorkbench.setState(initialState(), true);
    workbench.set({ calendars: CALENDARS, calendarsLoaded: true });
    const spec = (kind: RowSpec['kind'], progress: RowSpec['progress']): RowSpec => ({
      parent: 1,
      kind,
      days: 2,
      progress,
      half: false,
      zone: 'A',
      accepted: null,
      target: null,
      link: false,
    });
    const { rows, relations } = build([spec('sum', 0), spec('task', 40), spec('task', 100)]);
    loadVersion(version(), rows, relations);
    const r = new ScheduleRunner(inProcessScheduleService());
    runner = r;
    r.open();
    await settle();
    stop = provideFilterWorker((req) => r.filter(req));
    const only = (value: string) =>
      ({
        match: 'all',
        conditions: [
          { field: 'status', op: 'eq_text', value },
          { field: 'type', op: 'eq_text', value: 'sum' },
        ],
      }) as FilterExpr;
    setFilter({ expr: only('in_progress'), indicator: null, key: 'a' });
    await settle();
    expect(workbench.get().visible.ids).toEqual(['R0']);
    setFilter({ expr: only('not_started'), indicator: null, key: 'b' });
    await settle();
    expect(workbench.get().visible.ids).toEqual([]);
  });

  it('holds a filter sent as a version loads until the worker has that version', async () => {
    useWorkbench.setState(initialState(), true);
    workbench.set({ calendars: CALENDARS, calendarsLoaded: false });
    const r = new ScheduleRunner(inProcessScheduleService());
    runner = r;
    const { rows, relations } = build([
      {
        parent: 0,
        kind: 'sum',
        days: 0,
        progress: 0,
        half: false,
        zone: 'A',
        accepted: null,
        target: null,
        link: false,
      },
      {
        parent: 1,
        kind: 'task',
        days: 2,
        progress: 0,
        half: false,
        zone: 'A',
        accepted: null,
        target: null,
        link: false,
      },
      {
        parent: 1,
        kind: 'task',
        days: 5,
        progress: 0,
        half: true,
        zone: 'B',
        accepted: null,
        target: null,
        link: true,
      },
    ]);
    const replies: (number[] | null)[] = [];
    stop = provideFilterWorker(async (req) => {
      const reply = await r.filter(req);
      replies.push(reply ? [...reply.shown] : null);
      return reply;
    });
    loadVersion(version(), rows, relations);
    setFilter({ expr: { field: 'duration', op: 'gte', value: 4 }, indicator: null, key: 'k' });
    await settle();
    expect(replies).toEqual([]); // nothing sent to the worker yet: it does not hold the version
    expect(workbench.get().filterShown).toBeNull();
    r.open();
    await settle();
    await settle();
    expect(replies).toHaveLength(1);
    expect(replies[0]).not.toBeNull();
    expect([...workbench.get().visible.ids]).toEqual(['R0', 'R2']);
  });
});
