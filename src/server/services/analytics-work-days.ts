// Amounts spread over working time by day, in SQL: what domain/analytics/work-spread.ts
// (spreadByDay) computes, as one statement over the stored rows, so the process sends statements
// and never holds rows. The calendars travel as their weekly patterns and exceptions
// (work-pattern.ts); the statement expands them into working intervals over the days it needs
// and the working minutes before each day. A ramp's start and finish become working-minute
// coordinates (the minutes before the day plus those of the day's intervals before the moment);
// a ramp with no working minute keeps calendar minutes (the '~' calendar). A resource curve's
// equal parts of the working time are sub-ramps. Then, per key and calendar, a sweep in working
// minutes — each sub-ramp +rate at its start, −rate at its end, the midnights as points of no
// change, window sums for the running slope and the integral — gives the cumulative amount at
// every midnight; a day gets the difference of its two midnights. A milestone is a jump on its
// day. The work is a sort of the distinct ramp ends plus the days spanned, not rows × days.
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

/** The CTE of the calendars' patterns (cal_def: k, week, ex): the first of a statement's CTEs. */
export function calendarDefCte(cals: WorkCalendars): RawBuilder<unknown> {
  return sql`cal_def AS (SELECT k COLLATE "C" AS k, week, ex
    FROM jsonb_to_recordset(${cals.json}::jsonb) AS c (k text, week jsonb, ex jsonb))`;
}

/**
 * CTEs after `pts` (cal, t): the calendars' working intervals iv (k, day, s, e) over the days of
 * the points (and one more), the working minutes before each day dd (k, day, dc; the '~' calendar
 * counts every minute) and every point's working-minute coordinate wt (cal, t, w).
 */
function workTimeCtes(): RawBuilder<unknown> {
  return sql`
    hz AS (SELECT floor(MIN(t) / 1440.0)::integer AS lo, floor(MAX(t) / 1440.0)::integer + 1 AS hi FROM pts),
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
    iv AS (
      SELECT c.k, c.day, c.day * 1440 + (p ->> 0)::integer AS s, c.day * 1440 + (p ->> 1)::integer AS e
      FROM cday c CROSS JOIN LATERAL jsonb_array_elements(c.ivs) p
    ),
    dw AS (
      SELECT c.k, c.day, COALESCE(SUM(i.e - i.s), 0)::bigint AS w
      FROM cday c LEFT JOIN iv i ON i.k = c.k AND i.day = c.day GROUP BY c.k, c.day
    ),
    dd AS (
      SELECT k, day, (SUM(w) OVER (PARTITION BY k ORDER BY day) - w)::float8 AS dc FROM dw
      UNION ALL
      SELECT '~', d.day, (d.day * 1440)::float8 FROM hz CROSS JOIN LATERAL generate_series(hz.lo, hz.hi) AS d (day)
    ),
    wt AS (
      SELECT p.cal, p.t, MIN(d.dc) + COALESCE(SUM(LEAST(GREATEST(p.t - i.s, 0), i.e - i.s)), 0) AS w
      FROM pts p JOIN dd d ON d.k = p.cal AND d.day = floor(p.t / 1440.0)::integer
        LEFT JOIN iv i ON i.k = p.cal AND i.day = d.day
      GROUP BY p.cal, p.t
    )`;
}

/**
 * Day amounts of ramps, as SELECT (key, t, j): one jump per key and day at the day's midnight,
 * plus a moment of no change at each key's first start and last finish (so a curve spans what its
 * ramps span, those of no amount too). `ramps` is a SELECT of (key text, cal text — a key of
 * `cals`, s integer, f integer, a float8, parts float8[] — a curve's percent per equal part of the
 * working time, null: even); it may read cal_def.
 */
export function dayEventsSql(ramps: RawBuilder<unknown>, cals: WorkCalendars): RawBuilder<unknown> {
  return sql`
    WITH ${calendarDefCte(cals)},
    -- Keys and calendars compare byte-wise (C): the sweep sorts by them, and a collation costs more.
    rm AS (SELECT r0.key COLLATE "C" AS key, r0.cal COLLATE "C" AS cal, r0.s, r0.f, r0.a, r0.parts FROM (${ramps}) r0),
    -- Ramps sharing key, calendar, dates and curve are one.
    rg AS (
      SELECT key, cal, s, f, parts, SUM(a)::float8 AS a FROM rm
      WHERE f > s AND a <> 0 GROUP BY key, cal, s, f, parts
    ),
    pts AS (SELECT cal, s AS t FROM rg UNION SELECT cal, f FROM rg),
    ${workTimeCtes()},
    -- Working-minute coordinates; a ramp with no working minute keeps calendar minutes.
    rc AS (
      SELECT r.key, r.a, r.parts, r.s, r.f,
        CASE WHEN wf.w > ws.w THEN r.cal ELSE '~' END AS cal,
        (CASE WHEN wf.w > ws.w THEN ws.w ELSE r.s END)::float8 AS x0,
        (CASE WHEN wf.w > ws.w THEN wf.w ELSE r.f END)::float8 AS x1
      FROM rg r JOIN wt ws ON ws.cal = r.cal AND ws.t = r.s JOIN wt wf ON wf.cal = r.cal AND wf.t = r.f
    ),
    -- A curve's parts as sub-ramps (the ends of the first and last exactly the ramp's).
    pc AS (
      SELECT key, cal, s, f, x0, x1, a FROM rc WHERE parts IS NULL
      UNION ALL
      SELECT rc.key, rc.cal, rc.s, rc.f,
        CASE WHEN n.i = 1 THEN rc.x0 ELSE rc.x0 + (rc.x1 - rc.x0) * (n.i - 1) / cardinality(rc.parts) END,
        CASE WHEN n.i = cardinality(rc.parts) THEN rc.x1
          ELSE rc.x0 + (rc.x1 - rc.x0) * n.i / cardinality(rc.parts) END,
        rc.a * n.p / 100
      FROM rc CROSS JOIN LATERAL unnest(rc.parts) WITH ORDINALITY AS n (p, i)
      WHERE rc.parts IS NOT NULL AND n.p <> 0
    ),
    ev AS (
      SELECT key, cal, x, SUM(dr) AS dr, SUM(dn)::integer AS dn FROM (
        SELECT key, cal, x0 AS x, a / (x1 - x0) AS dr, 1 AS dn FROM pc
        UNION ALL
        SELECT key, cal, x1, -a / (x1 - x0), -1 FROM pc
      ) e GROUP BY key, cal, x
    ),
    -- The midnights each key and calendar spans (the one after its last day too).
    rng AS (
      SELECT key, cal, floor(MIN(s) / 1440.0)::integer AS lo, floor((MAX(f) - 1) / 1440.0)::integer + 1 AS hi
      FROM pc GROUP BY key, cal
    ),
    u AS (
      SELECT key, cal, x, 0 AS ord, NULL::integer AS day, dr, dn FROM ev
      UNION ALL
      SELECT g.key, g.cal, d.dc, 1, d.day, 0, 0
      FROM rng g JOIN dd d ON d.k = g.cal AND d.day BETWEEN g.lo AND g.hi
    ),
    sw AS (
      SELECT key, cal, x, ord, day, SUM(dr) OVER w AS sl, SUM(dn) OVER w AS n
      FROM u WINDOW w AS (PARTITION BY key, cal ORDER BY x, ord, day ROWS UNBOUNDED PRECEDING)
    ),
    -- No sub-ramp open: nothing (the running slope may keep a rounding residue).
    sg AS (
      SELECT key, cal, x, ord, day,
        CASE WHEN LAG(n) OVER w > 0 THEN LAG(sl) OVER w * (x - LAG(x) OVER w) ELSE 0 END AS seg
      FROM sw WINDOW w AS (PARTITION BY key, cal ORDER BY x, ord, day)
    ),
    cc AS (
      SELECT key, cal, ord, day,
        SUM(seg) OVER (PARTITION BY key, cal ORDER BY x, ord, day ROWS UNBOUNDED PRECEDING) AS c
      FROM sg
    ),
    dv AS (
      SELECT key, day, LEAD(c) OVER (PARTITION BY key, cal ORDER BY day) - c AS j FROM cc WHERE ord = 1
    ),
    out AS (
      SELECT key, day * 1440 AS t, j FROM dv WHERE j <> 0
      UNION ALL
      SELECT key, floor(s / 1440.0)::integer * 1440, a FROM rm WHERE f <= s AND a <> 0
      UNION ALL
      SELECT key, MIN(s), 0 FROM rm GROUP BY key
      UNION ALL
      SELECT key, MAX(GREATEST(s, f)), 0 FROM rm GROUP BY key
    )
    SELECT key, t, SUM(j)::float8 AS j FROM out GROUP BY key, t`;
}

/**
 * The amount of ramps planned before moment `dd` over working time, as SELECT (v): each ramp's
 * working minutes before it over all its working minutes (no working minute: calendar time; a
 * point: all of it once dd is past it; dd null: nothing) — analytics-summary's workShareBefore.
 * `ramps` as for dayEventsSql (key and parts unused).
 */
export function plannedBeforeSql(
  ramps: RawBuilder<unknown>,
  cals: WorkCalendars,
  dd: number | null,
): RawBuilder<unknown> {
  const at = sql`${dd}::integer`;
  return sql`
    WITH ${calendarDefCte(cals)},
    rm AS (${ramps}),
    rg AS (SELECT cal, s, f, SUM(a)::float8 AS a FROM rm WHERE a <> 0 GROUP BY cal, s, f),
    inside AS (SELECT * FROM rg WHERE s < ${at} AND ${at} < f),
    pts AS (
      SELECT cal, s AS t FROM inside UNION SELECT cal, f FROM inside UNION SELECT cal, ${at} FROM inside
    ),
    ${workTimeCtes()}
    SELECT COALESCE(SUM(CASE
      WHEN ${at} IS NULL THEN 0
      WHEN r.f <= r.s THEN CASE WHEN ${at} > r.s THEN r.a ELSE 0 END
      WHEN ${at} <= r.s THEN 0
      WHEN ${at} >= r.f THEN r.a
      WHEN wf.w > ws.w THEN r.a * (wd.w - ws.w) / (wf.w - ws.w)
      ELSE r.a * (${at} - r.s) / (r.f - r.s)::float8 END), 0)::float8 AS v
    FROM rg r
      LEFT JOIN wt ws ON ws.cal = r.cal AND ws.t = r.s
      LEFT JOIN wt wf ON wf.cal = r.cal AND wf.t = r.f
      LEFT JOIN wt wd ON wd.cal = r.cal AND wd.t = ${at}`;
}
