import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, matchActivities } from '../../../src/domain/versions/compare';
import type { CompareActivity, CompareSide } from '../../../src/domain/versions/compare';
import { compareSideOf } from '../../../src/domain/versions/compare-side';
import type { ScheduleModel } from '../../../src/domain/schedule/model';
import { standardCalendarDef, toMinutes } from '../../../src/domain/calendar';
import { defaultScheduleOptions, scheduleModel } from '../../../src/domain/schedule';
import { toScheduleModel } from '../../../src/domain/wbs';
import { generateWbs } from '../wbs/generate';

const DAY = 1440;
const act = (id: string, code: string, extra: Partial<CompareActivity> = {}): CompareActivity => ({
  id,
  code,
  name: `Name ${code || id}`,
  parentId: null,
  nodeType: 'task',
  duration: 480,
  percent: 0,
  calendarId: null,
  constraint: '',
  assignments: '',
  attributes: '',
  start: 0,
  finish: DAY,
  totalFloat: 0,
  critical: false,
  ...extra,
});

describe('compareVersions', () => {
  it('finds added, removed and changed rows, slips and relation changes', () => {
    const base: CompareSide = {
      activities: [
        act('a', 'A1', { critical: true }),
        act('b', 'A2', { start: DAY, finish: 2 * DAY }),
        act('c', 'A3'),
      ],
      relations: [
        { predId: 'a', succId: 'b', type: 'fs', lag: 0 },
        { predId: 'b', succId: 'c', type: 'fs', lag: 0 },
      ],
    };
    const current: CompareSide = {
      activities: [
        act('a2', 'A1', { critical: true }),
        act('b2', 'A2', { start: 8 * DAY, finish: 10 * DAY, duration: 960 }),
        act('d2', 'A4'),
      ],
      relations: [
        { predId: 'a2', succId: 'b2', type: 'fs', lag: 480 },
        { predId: 'b2', succId: 'd2', type: 'fs', lag: 0 },
      ],
    };
    const r = compareVersions(base, current, 5);
    expect(r.rows.map((x) => [x.status, x.current?.code ?? x.base?.code])).toEqual([
      ['same', 'A1'],
      ['changed', 'A2'],
      ['removed', 'A3'],
      ['added', 'A4'],
    ]);
    const b = r.rows[1]!;
    expect(b.changed).toEqual(['duration', 'start', 'finish']);
    expect(b.startSlipDays).toBe(7);
    expect(b.finishSlipDays).toBe(8);
    expect(r.summary).toMatchObject({
      added: 1,
      removed: 1,
      changed: 1,
      same: 1,
      slipped: 1,
      finishMovedDays: 8,
    });
    expect(r.summary.criticalChanged).toBe(false);
    expect(r.relations.map((x) => [x.status, x.predCode, x.succCode])).toEqual([
      ['changed', 'A1', 'A2'],
      ['removed', 'A2', 'A3'],
      ['added', 'A2', 'A4'],
    ]);
    expect(r.relations[0]).toMatchObject({ lag: 480, baseLag: 0 });
  });

  it('matches by id where a code changed, then by name under the same parent', () => {
    const base = [
      act('s', 'S', { nodeType: 'sum' }),
      act('x', 'OLD', { name: 'Walls' }),
      act('y', '', { parentId: 's', name: 'Paint' }),
    ];
    const current = [
      act('s', 'S', { nodeType: 'sum' }),
      act('x', 'NEW', { name: 'Walls' }),
      act('z', '', { parentId: 's', name: 'paint' }),
    ];
    const m = matchActivities(base, current);
    expect(m.get('x')).toEqual({ currentId: 'x', by: 'id' });
    expect(m.get('y')).toEqual({ currentId: 'z', by: 'name' });
    const r = compareVersions({ activities: base, relations: [] }, { activities: current, relations: [] });
    expect(r.rows.find((x) => x.current?.id === 'x')!.changed).toEqual(['code']);
  });

  it('compares assignments and attribute values, whatever their order in the version', () => {
    const model = (units: number, zone: string): ScheduleModel =>
      ({
        activities: [
          {
            id: 'a',
            name: 'Walls',
            parentId: null,
            nodeType: 'task',
            duration: 480,
            percentComplete: 0,
            calendarId: 'c',
            constraints: [],
            attributes: { zone, blank: '', floor: 2 },
          },
        ],
        relations: [],
        calendars: [{ id: 'c', name: 'Standard' }],
        resources: [
          { id: 'r1', name: 'Crane', calendarId: null },
          { id: 'r2', name: 'Mason', calendarId: null },
        ],
        assignments: [
          { id: 'x1', activityId: 'a', resourceId: 'r2', units },
          { id: 'x2', activityId: 'a', resourceId: 'r1', units: 8 },
        ],
      }) as unknown as ScheduleModel;
    const before = compareSideOf(model(16, 'North'), null, () => 'A1');
    expect(before.activities[0]!.assignments).toBe('Crane: 8; Mason: 16');
    expect(before.activities[0]!.attributes).toBe('floor=2; zone=North');
    expect(before.activities[0]!.calendarId).toBe('Standard');
    const reordered = model(16, 'North');
    reordered.assignments.reverse();
    expect(
      compareVersions(
        before,
        compareSideOf(reordered, null, () => 'A1'),
      ).summary.changed,
    ).toBe(0);
    const r = compareVersions(
      before,
      compareSideOf(model(24, 'South'), null, () => 'A1'),
    );
    expect(r.rows[0]!.changed).toEqual(['assignments', 'attributes']);
    expect(r.rows[0]!.current!.assignments).toBe('Crane: 8; Mason: 24');
  });

  it('a calculated version read by its stored dates compares as the engine schedules it', () => {
    const doc = generateWbs(300, { seed: 3, fanout: [5, 10], relationsPerTask: 1.5 });
    let k = 0;
    for (const r of doc.rows.values()) if (r.nodeType === 'task' && ++k % 7 === 0) r.nodeType = 'draft';
    const model = toScheduleModel(doc.rows, doc.relations, [standardCalendarDef('standard')], {
      ...defaultScheduleOptions(toMinutes(2026, 1, 5), 'standard'),
      includeDrafts: true,
    });
    // Calculate leaves drafts (and rows under them) out; they get no dates.
    const left = new Set<string>();
    for (const a of model.activities)
      if (a.nodeType === 'draft' || (a.parentId !== null && left.has(a.parentId))) left.add(a.id);
    expect(left.size).toBeGreaterThan(0);
    const scheduled = {
      ...model,
      activities: model.activities.filter((a) => !left.has(a.id)),
      relations: model.relations.filter((r) => !left.has(r.predId) && !left.has(r.succId)),
    };
    const result = scheduleModel(scheduled);
    const fresh = compareSideOf(model, result, (id) => id);
    // What storeTimetable writes: the engine's dates per row, none for the rows left out.
    const at = new Map(result.ids.map((id, i) => [id, i]));
    for (const a of model.activities) {
      const i = at.get(a.id);
      a.stored =
        i === undefined
          ? { es: null, ef: null, tf: null, critical: null }
          : { es: result.es[i]!, ef: result.ef[i]!, tf: result.tf[i]!, critical: result.critical[i] === 1 };
    }
    const stored = compareSideOf(model, 'stored', (id) => id);
    expect(stored).toEqual(fresh);
    expect(stored.activities.some((a) => a.start === null)).toBe(true);
    expect(compareVersions(fresh, stored).summary.changed).toBe(0);
    // A moved stored finish is what the comparison reports.
    model.activities.find((a) => a.stored?.ef !== null)!.stored!.ef! += DAY;
    expect(
      compareVersions(
        fresh,
        compareSideOf(model, 'stored', (id) => id),
      ).summary.changed,
    ).toBe(1);
  });

  it('a version compared with itself has no differences (property)', () => {
    const side = fc
      .uniqueArray(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 30 })
      .map((ns): CompareSide => {
        const activities = ns.map((n, i) =>
          act(`r${n}`, n % 3 === 0 ? '' : `C${n}`, {
            start: n * DAY,
            finish: (n + 2) * DAY,
            critical: i % 2 === 0,
          }),
        );
        const relations = activities
          .slice(1)
          .map((a, i) => ({ predId: activities[i]!.id, succId: a.id, type: 'fs', lag: 0 }));
        return { activities, relations };
      });
    fc.assert(
      fc.property(side, (s) => {
        const r = compareVersions(s, s);
        expect(r.summary).toMatchObject({
          added: 0,
          removed: 0,
          changed: 0,
          same: s.activities.length,
          finishMovedDays: 0,
        });
        expect(r.summary.criticalChanged).toBe(false);
        expect(r.relations).toEqual([]);
      }),
    );
  });

  it('counts every row once: same + changed + added = current, same + changed + removed = base (property)', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 25 });
    fc.assert(
      fc.property(ids, ids, fc.boolean(), (a, b, byCode) => {
        const side = (ns: number[], shift: number): CompareSide => ({
          activities: ns.map((n) =>
            act(byCode ? `i${n}-${shift}` : `i${n}`, byCode ? `C${n}` : '', {
              start: n * DAY + shift,
              finish: n * DAY + DAY + shift,
            }),
          ),
          relations: [],
        });
        const r = compareVersions(side(a, 0), side(b, DAY));
        const s = r.summary;
        expect(s.same + s.changed + s.added).toBe(b.length);
        expect(s.same + s.changed + s.removed).toBe(a.length);
        expect(r.rows).toHaveLength(s.same + s.changed + s.added + s.removed);
      }),
    );
  });

  it('relations: removed, changed and added as a map keyed by the matched ends says (property)', () => {
    // Rows r0..r9 on both sides (matched by id); relations drawn between them, repeated pairs and
    // ends outside the side included. The oracle: a map of "pred>succ" → the last such relation.
    const rel = fc.record({
      p: fc.integer({ min: 0, max: 11 }),
      s: fc.integer({ min: 0, max: 11 }),
      type: fc.constantFrom('fs', 'ss'),
      lag: fc.constantFrom(0, 480),
    });
    const rows = Array.from({ length: 10 }, (_, i) => act(`r${i}`, '', { name: `N${i}` }));
    const side = (rs: { p: number; s: number; type: string; lag: number }[]): CompareSide => ({
      activities: rows,
      relations: rs.map((r) => ({ predId: `r${r.p}`, succId: `r${r.s}`, type: r.type, lag: r.lag })),
    });
    fc.assert(
      fc.property(fc.array(rel, { maxLength: 25 }), fc.array(rel, { maxLength: 25 }), (a, b) => {
        const inside = (r: { p: number; s: number }) => r.p < 10 && r.s < 10;
        const cur = new Map(b.filter(inside).map((r) => [`${r.p}>${r.s}`, r] as const));
        const label = (n: number) => (n < 10 ? `N${n}` : '');
        const want: string[] = [];
        const seen = new Set<string>();
        for (const r of a) {
          const c = inside(r) ? cur.get(`${r.p}>${r.s}`) : undefined;
          if (!c) want.push(`removed ${label(r.p)} ${label(r.s)} ${r.type} ${r.lag}`);
          else {
            seen.add(`${r.p}>${r.s}`);
            if (c.type !== r.type || c.lag !== r.lag)
              want.push(`changed ${label(r.p)} ${label(r.s)} ${c.type} ${c.lag} ${r.type} ${r.lag}`);
          }
        }
        for (const r of b)
          if (!(inside(r) && seen.has(`${r.p}>${r.s}`)))
            want.push(`added ${label(r.p)} ${label(r.s)} ${r.type} ${r.lag}`);
        const got = compareVersions(side(a), side(b)).relations.map((d) =>
          [
            d.status,
            d.predCode,
            d.succCode,
            d.type,
            d.lag,
            ...(d.baseType ? [d.baseType, d.baseLag] : []),
          ].join(' '),
        );
        expect(got).toEqual(want);
      }),
    );
  });
});
