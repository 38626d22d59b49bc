// Amounts spread over working time by day, in SQL: what domain/analytics/work-spread.ts
// (spreadByDay) computes, as one statement over the stored rows, so the process sends statements
// and never holds rows. The calendars travel as their weekly patterns and exceptions
// (work-pattern.ts); the statement expands them into working intervals over the days it needs
// and the working minutes before each day. A ramp's start and finish become working-minute
// coordinates (the minutes before the day plus those of the day's intervals before the moment);
// a ramp with no working minute keeps calendar minutes (the '~' calendar). A resource curve's
// equal parts of the working time are sub-ramps. Then, per key and calendar, one window pass over
// the days spanned: a day gets what the sub-ramps starting and ending in it add (their rate times
// the working minutes between the moment and the next midnight) plus its working minutes times the
// rate of the sub-ramps open before it. A milestone is a jump on its day. The work is a hash
// aggregate of the ramp ends and a sort of the days spanned per key, not rows × days.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { calendarDefOf } from '../../api/calendars';
import { workPatternOf } from '../../domain/analytics';
import { standardCalendarDef } from '../../domain/calendar';
import { versionScheduleOptions } from '../../domain/schedule/default-options';
import type { CalendarDef, ScheduleOptions } from '../../domain/schedule/model';
import type { DB } from '../db/schema';

/** The key of the standard calendar (a row whose calendar and default calendar are unknown). */
const STANDARD = 'standard';

export interface WorkCalendars {
  /** JSON of the WorkPattern of every space calendar, keyed by id, and the standard one. */
  json: string;
  defs: CalendarDef[];
}

/** A space's calendars as the statements below read them. */
export async function workCalendarsOf(db: Kysely<DB>, spaceId: string): Promise<WorkCalendars> {
  const rows = await db.selectFrom('calendars').selectAll().where('space_id', '=', spaceId).execute();
  return workCalendarsFrom(rows.map(calendarDefOf));
}

/** Calendar definitions (keyed by their ids) and the standard one ('standard'). */
export function workCalendarsFrom(defs: CalendarDef[]): WorkCalendars {
  const patterns = defs.map((d) => workPatternOf(d.id, d));
  patterns.push(workPatternOf(STANDARD, standardCalendarDef()));
  return { json: JSON.stringify(patterns), defs };
}

/**
 * The calendar a version's rows without one of the space's calendars follow: its stored options'
 * default calendar, else the space's default, else the standard one (as the scheduler does).
 */
export function fallbackCalendar(cals: WorkCalendars, stored: unknown, dataDate: number | null): string {
  const options = versionScheduleOptions((stored ?? null) as ScheduleOptions | null, dataDate, cals.defs);
  return cals.defs.some((d) => d.id === options.defaultCalendarId) ? options.defaultCalendarId : STANDARD;
}

/** The stored options of versions (for fallbackCalendar), by version id. */
export async function storedOptionsOf(
  db: Kysely<DB>,
  spaceId: string,
  versionIds: readonly string[],
): Promise<Map<string, unknown>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('version_models')
    .select(['version_id', 'options'])
    .where('space_id', '=', spaceId)
    .where('version_id', 'in', versionIds)
    .execute();
  return new Map(rows.map((r) => [r.version_id, r.options as unknown]));
}

/**
 * Runs `f` with PostgreSQL's JIT off (in a transaction of its own unless `db` is one): the day-sum
 * statement's row estimates (set-returning functions over JSON) put its cost far above
 * jit_above_cost, and compiling it took 15 s for one 10,000-row version whose statement runs in
 * 0.3 s (EXPLAIN ANALYZE on PostgreSQL 15). PGlite has no JIT and accepts the setting.
 */
export async function withoutJit<T>(db: Kysely<DB>, f: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const run = async (tx: Kysely<DB>) => {
    await sql`SET LOCAL jit = off`.execute(tx);
    return f(tx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** The CTE of the calendars' patterns (cal_def: k, week, ex): the first of a statement's CTEs. */
export function calendarDefCte(cals: WorkCalendars): RawBuilder<unknown> {
  return sql`cal_def AS (SELECT k COLLATE "C" AS k, week, ex
    FROM jsonb_to_recordset(${cals.json}::jsonb) AS c (k text, week jsonb, ex jsonb))`;
}

/**
 * CTEs after `pts` (cal, t) and `hz` (lo, hi: the days spanned): each used calendar's days dd (k,
 * day, dc — the working minutes from day lo to its midnight, w — its working minutes, ivs — its
 * intervals; the '~' calendar counts every minute) and every point's working-minute coordinate
 * wt (cal, t, w, nx — the coordinate of the next midnight).
 */
function workTimeCtes(): RawBuilder<unknown> {
  return sql`
    used AS (SELECT DISTINCT cal FROM pts),
    exd AS (
      SELECT c.k, (e ->> 0)::integer AS day, e -> 1 AS ivs
      FROM cal_def c JOIN used u ON u.cal = c.k CROSS JOIN LATERAL jsonb_array_elements(c.ex) e
    ),
    cday AS (
      SELECT c.k, d.day, COALESCE(x.ivs, c.week -> (((d.day + 6) % 7 + 7) % 7)) AS ivs
      FROM cal_def c JOIN used u ON u.cal = c.k CROSS JOIN hz
        CROSS JOIN LATERAL generate_series(hz.lo, hz.hi) AS d (day)
        LEFT JOIN exd x ON x.k = c.k AND x.day = d.day
    ),
    dw AS (
      SELECT k, day, ivs, COALESCE((SELECT SUM((p ->> 1)::integer - (p ->> 0)::integer)
        FROM jsonb_array_elements(ivs) p), 0)::float8 AS w
      FROM cday
    ),
    dd AS (
      SELECT k, day, ivs, w, SUM(w) OVER (PARTITION BY k ORDER BY day ROWS UNBOUNDED PRECEDING) - w AS dc FROM dw
      UNION ALL
      SELECT '~', d.day, NULL, 1440, ((d.day - hz.lo) * 1440)::float8
      FROM hz CROSS JOIN LATERAL generate_series(hz.lo, hz.hi) AS d (day)
    ),
    wt AS (
      SELECT p.cal, p.t, d.dc + d.w AS nx, d.dc + COALESCE((
        SELECT SUM(LEAST(GREATEST(p.t - d.day * 1440 - (q ->> 0)::integer, 0), (q ->> 1)::integer - (q ->> 0)::integer))
        FROM jsonb_array_elements(d.ivs) q), 0) AS w
      FROM pts p JOIN dd d ON d.k = p.cal AND d.day = floor(p.t::float8 / 1440)::integer
    )`;
}

/** The money planned before a moment (dayEventsSql's `planned`): ramps of `key` up to `at`. */
export interface PlannedBefore {
  key: string;
  at: number | null;
}

/** The key of dayEventsSql's row holding the planned amount (t 0, j the amount). */
export const PLANNED = '=planned';

/**
 * Day amounts of ramps, as SELECT (key, t, j): one jump per key and day at the day's midnight,
 * plus a moment of no change at each key's first start and last finish (so a curve spans what its
 * ramps span, those of no amount too). `ramps` is a SELECT of (key text, cal text — a key of
 * `cals`, s integer, f integer, a float8, parts float8[] — a curve's percent per equal part of the
 * working time, null: even); it may read cal_def. With `planned`, one more row (key PLANNED, t 0)
 * holds the amount of the ramps of `planned.key` before `planned.at` over working time (each
 * ramp's working minutes before it over all its working minutes; no working minute: calendar
 * time; a point: all of it once `at` is past it; `at` null: nothing).
 *
 * A day's amount is what the ramps' starts and ends in it add (a ramp starting in it: its rate
 * times the working minutes from its start to the next midnight; one ending in it: minus its rate
 * times those from its end) plus the day's working minutes times the summed rate of the ramps
 * open before the day — one window pass over the days of each key and calendar, every term local
 * (no product of a rate and an absolute coordinate), and exactly nothing when no ramp is open.
 */
export function dayEventsSql(
  ramps: RawBuilder<unknown>,
  cals: WorkCalendars,
  planned?: PlannedBefore,
): RawBuilder<unknown> {
  const at = planned ? sql`${planned.at}::integer` : sql`NULL::integer`;
  const pkey = planned ? sql`${planned.key}::text` : sql`NULL::text`;
  return sql`
    WITH ${calendarDefCte(cals)},
    -- Keys and calendars compare byte-wise (C): the sweep sorts by them, and a collation costs more.
    -- Ramps sharing key, calendar, dates and curve are one (the rows are read once, here).
    rg AS (
      SELECT r0.key COLLATE "C" AS key, r0.cal COLLATE "C" AS cal, r0.s, r0.f, r0.parts, SUM(r0.a)::float8 AS a
      FROM (${ramps}) r0 GROUP BY 1, 2, 3, 4, 5
    ),
    pts AS (
      SELECT cal, s AS t FROM rg WHERE f > s AND a <> 0
      UNION SELECT cal, f FROM rg WHERE f > s AND a <> 0
      UNION SELECT cal, ${at} FROM rg WHERE key = ${pkey} AND a <> 0 AND s < ${at} AND ${at} < f
    ),
    hz AS (SELECT floor(MIN(t)::float8 / 1440)::integer AS lo, floor(MAX(t)::float8 / 1440)::integer + 1 AS hi FROM pts),
    ${workTimeCtes()},
    -- The coordinates of the planned moment (one per calendar; kept apart, so no plan scans wt per ramp).
    wd AS MATERIALIZED (SELECT cal, w FROM wt WHERE t = ${at}),
    -- Working-minute coordinates (from day lo), the days of the start and of the end (the day of
    -- its last minute) and the coordinates of their next midnights; a ramp with no working minute
    -- keeps calendar minutes.
    rc AS (
      SELECT r.key, r.a, r.parts,
        CASE WHEN wf.w > ws.w THEN r.cal ELSE '~' END AS cal,
        CASE WHEN wf.w > ws.w THEN ws.w ELSE (r.s - hz.lo * 1440)::float8 END AS x0,
        CASE WHEN wf.w > ws.w THEN wf.w ELSE (r.f - hz.lo * 1440)::float8 END AS x1,
        floor(r.s::float8 / 1440)::integer AS d0, floor((r.f - 1)::float8 / 1440)::integer AS d1,
        CASE WHEN wf.w > ws.w THEN ws.nx ELSE ((floor(r.s::float8 / 1440)::integer + 1 - hz.lo) * 1440)::float8 END AS n0,
        CASE WHEN r.f % 1440 = 0 THEN CASE WHEN wf.w > ws.w THEN wf.w ELSE (r.f - hz.lo * 1440)::float8 END
          WHEN wf.w > ws.w THEN wf.nx ELSE ((floor(r.f::float8 / 1440)::integer + 1 - hz.lo) * 1440)::float8 END AS n1
      FROM rg r CROSS JOIN hz JOIN wt ws ON ws.cal = r.cal AND ws.t = r.s JOIN wt wf ON wf.cal = r.cal AND wf.t = r.f
      WHERE r.f > r.s AND r.a <> 0
    ),
    -- A curve's parts as sub-ramps (the ends of the first and last exactly the ramp's; the days
    -- of the ends inside the ramp are found below).
    pc AS (
      SELECT key, cal, x0, x1, a, d0, n0, d1, n1 FROM rc WHERE parts IS NULL
      UNION ALL
      SELECT rc.key, rc.cal,
        CASE WHEN n.i = 1 THEN rc.x0 ELSE rc.x0 + (rc.x1 - rc.x0) * (n.i - 1) / cardinality(rc.parts) END,
        CASE WHEN n.i = cardinality(rc.parts) THEN rc.x1
          ELSE rc.x0 + (rc.x1 - rc.x0) * n.i / cardinality(rc.parts) END,
        rc.a * n.p / 100,
        CASE WHEN n.i = 1 THEN rc.d0 END, CASE WHEN n.i = 1 THEN rc.n0 END,
        CASE WHEN n.i = cardinality(rc.parts) THEN rc.d1 END, CASE WHEN n.i = cardinality(rc.parts) THEN rc.n1 END
      FROM rc CROSS JOIN LATERAL unnest(rc.parts) WITH ORDINALITY AS n (p, i)
      WHERE rc.parts IS NOT NULL AND n.p <> 0
    ),
    -- The day of a coordinate inside a ramp: a start's is the last day whose midnight is at or
    -- before it, an end's the last before it (ord 2, 0; the midnights ord 1), with its next midnight.
    bq AS (SELECT cal, x0 AS x, 2 AS ord FROM pc WHERE d0 IS NULL UNION SELECT cal, x1, 0 FROM pc WHERE d1 IS NULL),
    bl AS (
      SELECT cal, x, ord, day, nx FROM (
        SELECT cal, x, ord, MAX(day) OVER w AS day, MAX(nx) OVER w AS nx FROM (
          SELECT cal, x, ord, NULL::integer AS day, NULL::float8 AS nx FROM bq
          UNION ALL
          SELECT d.k, d.dc, 1, d.day, d.dc + d.w FROM dd d WHERE d.k IN (SELECT cal FROM bq)
        ) b WINDOW w AS (PARTITION BY cal ORDER BY x, ord ROWS UNBOUNDED PRECEDING)
      ) z WHERE ord <> 1
    ),
    pd AS (
      SELECT p.key, p.cal, p.x0, p.x1, p.a / (p.x1 - p.x0) AS r,
        COALESCE(p.d0, b0.day) AS d0, COALESCE(p.n0, b0.nx) AS n0, COALESCE(p.d1, b1.day) AS d1, COALESCE(p.n1, b1.nx) AS n1
      FROM pc p LEFT JOIN bl b0 ON p.d0 IS NULL AND b0.cal = p.cal AND b0.x = p.x0 AND b0.ord = 2
        LEFT JOIN bl b1 ON p.d1 IS NULL AND b1.cal = p.cal AND b1.x = p.x1 AND b1.ord = 0
    ),
    -- Per key, calendar and day: what the starts and ends in it add, and the change of rate and
    -- of the count of open sub-ramps they make.
    ed AS (
      SELECT key, cal, day, SUM(loc) AS loc, SUM(ds) AS ds, SUM(dn)::integer AS dn FROM (
        SELECT key, cal, d0 AS day, r * (n0 - x0) AS loc, r AS ds, 1 AS dn FROM pd
        UNION ALL
        SELECT key, cal, d1, -r * (n1 - x1), -r, -1 FROM pd
      ) e GROUP BY key, cal, day
    ),
    rng AS (SELECT key, cal, MIN(day) AS lo, MAX(day) AS hi FROM ed GROUP BY key, cal),
    -- Every day of each key's span: its own starts and ends, plus its working minutes times the
    -- rate open before it (none open: exactly nothing, whatever rounding the running rate keeps).
    dv AS (
      SELECT key, day, COALESCE(loc, 0) + CASE WHEN np > 0 THEN w * sp ELSE 0 END AS j FROM (
        SELECT g.key, d.day, d.w, e.loc, SUM(e.ds) OVER w AS sp, SUM(e.dn) OVER w AS np
        FROM rng g JOIN dd d ON d.k = g.cal AND d.day BETWEEN g.lo AND g.hi
          LEFT JOIN ed e ON e.key = g.key AND e.cal = g.cal AND e.day = d.day
        WINDOW w AS (PARTITION BY g.key, g.cal ORDER BY d.day ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
      ) z
    ),
    out AS (
      SELECT key, day * 1440 AS t, j FROM dv WHERE j <> 0
      UNION ALL
      SELECT key, floor(s::float8 / 1440)::integer * 1440, a FROM rg WHERE f <= s AND a <> 0
      UNION ALL
      SELECT x.key, v.t, 0 FROM (SELECT key, MIN(s) AS lo, MAX(GREATEST(s, f)) AS hi FROM rg GROUP BY key) x
        CROSS JOIN LATERAL (VALUES (x.lo), (x.hi)) AS v (t)
      UNION ALL
      SELECT ${PLANNED}, 0, COALESCE(SUM(CASE
        WHEN r.f <= r.s THEN CASE WHEN ${at} > r.s THEN r.a ELSE 0 END
        WHEN ${at} <= r.s THEN 0
        WHEN ${at} >= r.f THEN r.a
        WHEN wf.w > ws.w THEN r.a * (wd.w - ws.w) / (wf.w - ws.w)
        ELSE r.a * (${at} - r.s) / (r.f - r.s)::float8 END), 0)::float8
      FROM rg r
        LEFT JOIN wt ws ON ws.cal = r.cal AND ws.t = r.s
        LEFT JOIN wt wf ON wf.cal = r.cal AND wf.t = r.f
        LEFT JOIN wd ON wd.cal = r.cal
      WHERE r.key = ${pkey} AND r.a <> 0 AND ${at} IS NOT NULL
      HAVING ${pkey} IS NOT NULL
    )
    SELECT key, t, SUM(j)::float8 AS j FROM out GROUP BY key, t`;
}
