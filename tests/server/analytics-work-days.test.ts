// Working-time spreading in SQL (analytics-work-days.ts) against the process's reference,
// spreadByDay (domain/analytics/work-spread.ts): random calendars and ramps (fast-check) through
// dayEventsSql alone, then a version on several calendars — weekends, holidays, partial days,
// night work, times of day — with linear and curved amounts, through its stored summary (curve
// events, executor events, planned value) and the custom-cost graph by day. Day sums must agree
// within 1e-6 relative (plus 1e-9 of the series' absolute total, for sums that cancel).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadByDay } from '../../src/domain/analytics';
import { buildCalendarIndex } from '../../src/domain/calendar';
import { toMinutes } from '../../src/domain/calendar/time';
import { curveParts } from '../../src/domain/resources/curves';
import type { CurveKind } from '../../src/domain/resources/curves';
import type { CalendarDef, WorkInterval } from '../../src/domain/schedule/model';
import type { DB } from '../../src/server/db/schema';
import { customCostCurve } from '../../src/server/services/analytics-figures';
import { ensureSummaries } from '../../src/server/services/analytics-summary';
import { dayEventsSql, workCalendarsFrom } from '../../src/server/services/analytics-work-days';
import { startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';

const DAY = 1440;
const D0 = toMinutes(2025, 1, 6); // a Monday
const d0 = D0 / DAY;

interface Ramp {
  key: string;
  cal: string;
  s: number;
  f: number;
  a: number;
  parts: number[] | null;
}

/** key → day midnight → amount, the reference: spreadByDay on each ramp's calendar. */
function reference(ramps: readonly Ramp[], defs: readonly CalendarDef[]) {
  const idx = new Map(defs.map((d) => [d.id, buildCalendarIndex(d)]));
  const out = new Map<string, Map<number, number>>();
  for (const r of ramps) {
    const c = idx.get(r.cal)!;
    let m = out.get(r.key);
    if (!m) out.set(r.key, (m = new Map()));
    const days = m;
    spreadByDay(
      {
        start: r.s,
        finish: r.f,
        amount: r.a,
        between: (x, y) => (y > x ? c.workAt(y) - c.workAt(x) : 0),
        parts: r.parts,
      },
      (d, v) => days.set(d * DAY, (days.get(d * DAY) ?? 0) + v),
    );
  }
  return out;
}

/** Expects stored day sums (key → t → j; zero moments allowed) to equal the reference's. */
function expectSameDays(
  got: Map<string, Map<number, number>>,
  want: Map<string, Map<number, number>>,
  scale: Map<string, number>,
) {
  for (const key of new Set([...got.keys(), ...want.keys()])) {
    const g = got.get(key) ?? new Map<number, number>();
    const w = want.get(key) ?? new Map<number, number>();
    const floor = 1e-9 * (scale.get(key) ?? 0);
    for (const t of new Set([...g.keys(), ...w.keys()])) {
      const a = g.get(t) ?? 0;
      const b = w.get(t) ?? 0;
      if (Math.abs(a - b) > 1e-6 * Math.abs(b) + floor)
        throw new Error(`${key} at ${t} (day ${t / DAY - d0}): SQL ${a}, spreadByDay ${b}`);
    }
  }
}

const scaleOf = (ramps: readonly Ramp[]) => {
  const m = new Map<string, number>();
  for (const r of ramps) m.set(r.key, (m.get(r.key) ?? 0) + Math.abs(r.a));
  return m;
};

const rampsSql = (ramps: readonly Ramp[]): RawBuilder<unknown> =>
  sql`SELECT * FROM (VALUES ${sql.join(
    ramps.map(
      (r) =>
        sql`(${r.key}, ${r.cal}, ${r.s}::integer, ${r.f}::integer, ${r.a}::float8, ${
          r.parts ? sql`ARRAY[${sql.join(r.parts.map((p) => sql`${p}::float8`))}]` : sql`NULL::float8[]`
        })`,
    ),
  )}) AS r (key, cal, s, f, a, parts)`;

async function sqlDays(db: Kysely<DB>, ramps: readonly Ramp[], defs: CalendarDef[]) {
  const found = await sql<{ key: string; t: number; j: number }>`${dayEventsSql(
    rampsSql(ramps),
    workCalendarsFrom(defs),
  )}`.execute(db);
  const out = new Map<string, Map<number, number>>();
  for (const r of found.rows) {
    let m = out.get(r.key);
    if (!m) out.set(r.key, (m = new Map()));
    m.set(Number(r.t), Number(r.j));
  }
  return out;
}

const iv = (start: number, end: number): WorkInterval => ({ start, end });
const calendar = (
  id: string,
  week: WorkInterval[][],
  exceptions: CalendarDef['exceptions'] = [],
): CalendarDef => ({
  id,
  name: id,
  week,
  exceptions,
  hoursPerDay: 8,
  hoursPerWeek: 40,
  hoursPerMonth: 172,
});

/** Several calendars: office hours with lunch and holidays, night shifts, half days, none at all. */
function calendarsOf(ids: { office: string; night: string; half: string; idle: string; all: string }) {
  const office = [iv(480, 720), iv(780, 1020)];
  return [
    calendar(
      ids.office,
      [[], office, office, office, office, office, []],
      [
        { day: d0 + 2, intervals: [] }, // a Wednesday holiday
        { day: d0 + 5, intervals: [iv(600, 840)] }, // a working Saturday, 10:00–14:00
        { day: d0 + 9, intervals: [iv(480, 600)] }, // a short Wednesday
      ],
    ),
    // 22:00–06:00 across midnight, Monday night to Saturday morning.
    calendar(ids.night, [
      [],
      [iv(1320, 1440)],
      [iv(0, 360), iv(1320, 1440)],
      [iv(0, 360), iv(1320, 1440)],
      [iv(0, 360), iv(1320, 1440)],
      [iv(0, 360), iv(1320, 1440)],
      [iv(0, 360)],
    ]),
    // Mornings only, overlapping and unsorted intervals as a file may give them.
    calendar(ids.half, [
      [],
      [iv(600, 720), iv(420, 650)],
      [iv(420, 720)],
      [],
      [iv(420, 721)],
      [iv(420, 720)],
      [],
    ]),
    calendar(
      ids.idle,
      Array.from({ length: 7 }, () => []),
    ),
    calendar(
      ids.all,
      Array.from({ length: 7 }, () => [iv(0, 1440)]),
    ),
  ];
}

describe('working-time spreading in SQL', () => {
  let h: Harness;
  let db: Kysely<DB>;

  beforeAll(async () => {
    h = await startHarness();
    db = h.database.db;
  });
  afterAll(() => h.close());

  it('gives spreadByDay day sums for random calendars, ramps and curves', async () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 1440 }), fc.integer({ min: 0, max: 1440 }))
      .map(([a, b]) => iv(Math.min(a, b), Math.max(a, b)));
    const dayList = fc.array(interval, { maxLength: 3 });
    const def = (id: string) =>
      fc
        .record({
          week: fc.array(dayList, { minLength: 7, maxLength: 7 }),
          exceptions: fc.array(
            fc.record({ day: fc.integer({ min: d0 - 5, max: d0 + 60 }), intervals: dayList }),
            {
              maxLength: 6,
            },
          ),
        })
        .map((c) => calendar(id, c.week, c.exceptions));
    const ramp = (cals: number) =>
      fc.record({
        key: fc.constantFrom('a', 'b'),
        cal: fc.integer({ min: 0, max: cals - 1 }),
        s: fc.integer({ min: D0 - 3 * DAY, max: D0 + 40 * DAY }),
        len: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 * DAY })),
        // Amounts to the cent and parts to 0.001 % (no subnormal numbers: PostgreSQL refuses underflow).
        a: fc.oneof(
          fc.constant(0),
          fc.integer({ min: -1e8, max: 1e8 }).map((x) => x / 100),
        ),
        parts: fc.option(
          fc.array(
            fc.oneof(
              fc.constant(0),
              fc.integer({ min: 0, max: 60_000 }).map((x) => x / 1000),
            ),
            {
              minLength: 2,
              maxLength: 20,
            },
          ),
        ),
      });
    await fc.assert(
      fc.asyncProperty(
        fc.array(def('x'), { minLength: 1, maxLength: 3 }),
        fc.array(ramp(3), { minLength: 1, maxLength: 25 }),
        async (defs0, raw) => {
          const defs = defs0.map((d, i) => ({ ...d, id: `c${i}` }));
          const ramps: Ramp[] = raw.map((r) => ({
            key: r.key,
            cal: `c${r.cal % defs.length}`,
            s: r.s,
            f: r.s + r.len,
            a: r.a,
            parts: r.parts,
          }));
          expectSameDays(await sqlDays(db, ramps, defs), reference(ramps, defs), scaleOf(ramps));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('gives the fixed calendars the reference day by day, with the spans', async () => {
    const ids = { office: 'office', night: 'night', half: 'half', idle: 'idle', all: 'all' };
    const defs = calendarsOf(ids);
    const ramps: Ramp[] = [];
    const keys = Object.values(ids);
    let n = 0;
    for (const cal of keys)
      for (const kind of ['uniform', 'front', 'bell', 'custom'] as CurveKind[])
        for (const [s, len] of [
          [D0 + 510, 9 * DAY + 130],
          [D0 + 2 * DAY, 0],
          [D0 + 5 * DAY + 700, 2 * DAY],
          [D0 + 9 * DAY + 500, 3 * 60],
          [D0 + DAY + 600, 2 * DAY - 600], // ends at a midnight
        ] as const)
          ramps.push({
            key: `k${n++ % 3}`,
            cal,
            s,
            f: s + len,
            a: 1000 + n,
            parts: kind === 'uniform' ? null : [...curveParts(kind, [5, 0, 20, 0, 40, 35])],
          });
    ramps.push({ key: 'k0', cal: 'office', s: D0 - 4 * DAY, f: D0 - 3 * DAY, a: 0, parts: null });
    const got = await sqlDays(db, ramps, defs);
    expectSameDays(got, reference(ramps, defs), scaleOf(ramps));
    // The spans: each key's first start and last finish are moments of its events (day jumps
    // sit at midnights, so none is before the first start's day).
    for (const key of ['k0', 'k1', 'k2']) {
      const mine = ramps.filter((r) => r.key === key);
      const times = [...got.get(key)!.keys()];
      const first = Math.min(...mine.map((r) => r.s));
      const last = Math.max(...mine.map((r) => Math.max(r.s, r.f)));
      expect(times).toContain(first);
      expect(times).toContain(last);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(Math.floor(first / DAY) * DAY);
      expect(Math.max(...times)).toBe(last);
    }
  });

  describe('a version on several calendars', () => {
    let space: string;
    let tree: Tree;
    let defs: CalendarDef[];
    const ramps: Ramp[] = [];
    const custom: Ramp[] = [];
    let planned = 0;
    const DD = D0 + 4 * DAY + 600;

    beforeAll(async () => {
      const user = await signUp(h.app, 'workdays');
      space = await makeSpace(h.app, user.token, 'Work days');
      tree = await makeTree(h.app, user.token, space);
      const ids = {
        office: randomUUID(),
        night: randomUUID(),
        half: randomUUID(),
        idle: randomUUID(),
        all: randomUUID(),
      };
      const made = calendarsOf(ids);
      await db
        .insertInto('calendars')
        .values(
          made.map((c) => ({
            space_id: space,
            id: c.id,
            name: c.name,
            week: JSON.stringify(c.week),
            exceptions: JSON.stringify(c.exceptions),
            hours_per_day: 8,
            hours_per_week: 40,
            hours_per_month: 172,
          })),
        )
        .execute();
      const own = await db.selectFrom('calendars').selectAll().where('space_id', '=', space).execute();
      // The space's default (the tree's): what a row without a calendar follows.
      const fallback = own.find((c) => c.is_default) ?? own.find((c) => c.id === tree.calendar)!;
      defs = [
        ...made,
        calendar(
          fallback.id,
          fallback.week as WorkInterval[][],
          fallback.exceptions as CalendarDef['exceptions'],
        ),
      ];
      await db.updateTable('versions').set({ data_date: DD }).where('id', '=', tree.version).execute();
      const crane = (
        await db
          .insertInto('resources')
          .values({
            space_id: space,
            name: 'Crane',
            resource_type: 'nonlabor',
            price: 25,
            limits: '[]',
            calendar_id: ids.night,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const crew = (
        await db
          .insertInto('resources')
          .values({ space_id: space, name: 'Crew', resource_type: 'labor', price: 40, limits: '[]' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const vr = { crane: randomUUID(), crew: randomUUID() };
      await db
        .insertInto('version_resources')
        .values([
          { space_id: space, version_id: tree.version, id: vr.crane, name: 'Crane', resource_id: crane },
          { space_id: space, version_id: tree.version, id: vr.crew, name: 'Crew', resource_id: crew },
        ])
        .execute();
      const cals = [ids.office, ids.night, ids.half, ids.idle, ids.all, null];
      const curves: [CurveKind, number[] | null][] = [
        ['uniform', null],
        ['front', null],
        ['back', null],
        ['bell', null],
        ['custom', [10, 0, 30, 60]],
      ];
      const rows = Array.from({ length: 36 }, (_, i) => {
        const es = D0 + (i % 12) * DAY + [0, 510, 780, 1380][i % 4]!;
        const len = i % 9 === 4 ? 0 : ((i * 7) % 11) * DAY + [0, 95, 600][i % 3]!;
        const started = i % 3 === 0;
        return {
          id: randomUUID(),
          node_type: (len === 0 ? 'milestone_finish' : 'task') as 'task' | 'milestone_finish',
          es,
          ef: es + len,
          calendar_id: cals[i % cals.length]!,
          price: i % 10 === 7 ? null : 10 + i,
          volume: i % 4 === 1 ? null : 1 + (i % 5),
          percent: started ? 40 : 0,
          actual_start: started ? es + 60 : null,
          actual_finish: started && i % 2 === 0 ? es + len + 300 : null,
          extra: i % 6 === 5 ? null : 3 + (i % 7),
        };
      });
      await db
        .insertInto('wbs_items')
        .values(
          rows.map((r, i) => ({
            space_id: space,
            version_id: tree.version,
            id: r.id,
            order_key: `a${String(i).padStart(3, '0')}`,
            code: `A${i}`,
            name: `Row ${i}`,
            node_type: r.node_type,
            es: r.es,
            ef: r.ef,
            duration: r.ef - r.es,
            remaining: 0,
            calendar_id: r.calendar_id,
            price: r.price,
            volume: r.volume,
            percent: r.percent,
            actual_start: r.actual_start,
            actual_finish: r.actual_finish,
            attributes: JSON.stringify(r.extra === null ? {} : { extra: r.extra }),
          })),
        )
        .execute();
      // Every third row resource dependent: the crane's assignment then follows the night calendar.
      const dependent = new Set(rows.filter((_, i) => i % 3 === 1).map((r) => r.id));
      await db.deleteFrom('version_models').where('version_id', '=', tree.version).execute();
      await db
        .insertInto('version_models')
        .values({
          space_id: space,
          version_id: tree.version,
          source: 'xer',
          project_name: '',
          options: '{}',
          item_extras: JSON.stringify(
            Object.fromEntries([...dependent].map((id) => [id, { kind: 'resource' }])),
          ),
          relation_extras: '{}',
          calendar_ids: '{}',
          attribute_defs: '{}',
        })
        .execute();
      const assignments = rows.flatMap((r, i) => {
        const [curve, values] = curves[i % curves.length]!;
        const list = [{ wbs_id: r.id, resource_id: vr.crew, units: 8 + i, curve, curve_values: values }];
        if (i % 2 === 1)
          list.push({ wbs_id: r.id, resource_id: vr.crane, units: 3, curve: 'back', curve_values: null });
        return list;
      });
      await db
        .insertInto('version_assignments')
        .values(
          assignments.map((a) => ({
            space_id: space,
            version_id: tree.version,
            id: randomUUID(),
            wbs_id: a.wbs_id,
            resource_id: a.resource_id,
            units: a.units,
            curve: a.curve,
            curve_values: a.curve_values ? JSON.stringify(a.curve_values) : null,
          })),
        )
        .execute();
      // The reference ramps, as the process made them (analytics-summary before the SQL path).
      const calOf = (id: string | null) => id ?? fallback.id;
      const add = (
        key: string,
        cal: string,
        s: number,
        f: number,
        a: number,
        parts: number[] | null = null,
      ) => ramps.push({ key, cal, s, f, a, parts });
      for (const r of rows) {
        const cal = calOf(r.calendar_id);
        const sa = r.actual_start;
        const fa = r.actual_finish ?? (sa === null ? null : Math.max(DD, sa));
        const pct = r.percent;
        const money = r.price === null ? null : r.price * (r.volume ?? 1);
        if (money !== null) {
          add('money plan', cal, r.es, r.ef, money);
          if (sa !== null && fa !== null) add('money fact', cal, sa, fa, (money * pct) / 100);
          const c = buildCalendarIndex(defs.find((d) => d.id === cal)!);
          const between = (x: number, y: number) => (y > x ? c.workAt(y) - c.workAt(x) : 0);
          planned +=
            money *
            (r.ef <= r.es
              ? DD > r.es
                ? 1
                : 0
              : DD <= r.es
                ? 0
                : DD >= r.ef
                  ? 1
                  : between(r.es, r.ef) > 0
                    ? between(r.es, DD) / between(r.es, r.ef)
                    : (DD - r.es) / (r.ef - r.es));
        }
        if (r.volume !== null) add('volume plan', cal, r.es, r.ef, r.volume);
        if (r.extra !== null) custom.push({ key: 'plan', cal, s: r.es, f: r.ef, a: r.extra, parts: null });
        for (const a of assignments.filter((x) => x.wbs_id === r.id)) {
          const isCrane = a.resource_id === vr.crane;
          const acal = isCrane && dependent.has(r.id) ? ids.night : cal;
          const parts = a.curve === 'uniform' ? null : [...curveParts(a.curve, a.curve_values)];
          const cost = a.units * (isCrane ? 25 : 40);
          add('cost plan', acal, r.es, r.ef, cost, parts);
          add(`exec cost ${isCrane ? crane : crew}`, acal, r.es, r.ef, cost, parts);
          if (sa !== null && fa !== null) add('cost fact', acal, sa, fa, (cost * pct) / 100, parts);
          if (!isCrane) {
            add('labour plan', acal, r.es, r.ef, a.units, parts);
            add(`exec labour ${crew}`, acal, r.es, r.ef, a.units, parts);
            if (sa !== null && fa !== null) add('labour fact', acal, sa, fa, (a.units * pct) / 100, parts);
          }
        }
      }
      const scope = {
        kind: 'version' as const,
        spaceId: space,
        versionId: tree.version,
        scheduleId: tree.schedule,
      };
      await ensureSummaries(db, scope);
    });

    it('stores the day sums spreadByDay gives: curves, executors and the planned value', async () => {
      const ev = await sql<{ key: string; t: number; j: number }>`
        SELECT amount || ' ' || series AS key, t, j FROM analytics_version_events WHERE version_id = ${tree.version}
        UNION ALL
        SELECT 'exec ' || amount || ' ' || exec, t, j FROM analytics_version_exec_events
        WHERE version_id = ${tree.version}`.execute(db);
      const got = new Map<string, Map<number, number>>();
      for (const r of ev.rows) {
        let m = got.get(r.key);
        if (!m) got.set(r.key, (m = new Map()));
        m.set(Number(r.t), Number(r.j));
      }
      expect(got.size).toBeGreaterThan(8);
      expectSameDays(got, reference(ramps, defs), scaleOf(ramps));
      const t = await sql<{ p: number }>`SELECT planned_to_date AS p FROM analytics_version_totals
        WHERE version_id = ${tree.version}`.execute(db);
      const plannedToDate = Number(t.rows[0]!.p);
      expect(Math.abs(plannedToDate - planned)).toBeLessThan(1e-6 * planned);
    });

    it('spreads a custom cost by day as spreadByDay does', async () => {
      const scope = {
        kind: 'version' as const,
        spaceId: space,
        versionId: tree.version,
        scheduleId: tree.schedule,
      };
      // Spread per request, and read from the version's stored summary of it (migration 083).
      await db
        .insertInto('attributes')
        .values({
          space_id: space,
          scope: 'space',
          key: 'extra',
          name: 'Extra',
          type: 'number',
          list_values: '[]',
        })
        .execute();
      for (const direct of [true, false]) {
        const c = await customCostCurve(db, scope, 'extra', { unit: 'day' }, direct);
        const plan = c.series.find((s) => s.key === 'plan')!;
        const want = reference(custom, defs).get('plan')!;
        const total = custom.reduce((x, r) => x + r.a, 0);
        expect(plan.total).toBeCloseTo(total, 6);
        c.periods.forEach((p, k) => {
          const w = want.get(p.from) ?? 0;
          expect(Math.abs(plan.per_period[k]! - w)).toBeLessThanOrEqual(1e-6 * Math.abs(w) + 1e-9 * total);
        });
        expect(c.periods[0]!.from).toBe(Math.floor(Math.min(...custom.map((r) => r.s)) / DAY) * DAY);
      }
      const kept = await sql<{ n: string }>`SELECT COUNT(*) AS n FROM analytics_custom_buckets
        WHERE version_id = ${tree.version} AND attribute = 'extra' AND unit = 'day'`.execute(db);
      expect(Number(kept.rows[0]!.n)).toBeGreaterThan(10);
    });
  });
});
