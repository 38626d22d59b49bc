// Per-version analytics summaries (migration 026): the totals the dashboards and stats sum, and
// the S-curves' slope-change events, made in SQL from the stored rows (INSERT … SELECT — nothing is
// loaded into the process) and kept until their inputs move: the version's content stamp (WBS
// rows), its analytics stamp (assignments, resources) and its data date. A summary is remade by
// the calculation job when it writes a version, and by any read that finds it stale, so a figure
// is never older than the rows. The space dashboard then sums a hundred rows, and a curve sweeps
// a few thousand events per version instead of every row.
import { sql } from 'kysely';
import type { Kysely, QueryResult, RawBuilder } from 'kysely';
import { calendarDefOf } from '../../api/calendars';
import { spreadByDay } from '../../domain/analytics';
import type { PeriodUnit } from '../../domain/analytics';
import { CalendarIndexCache, standardCalendarDef } from '../../domain/calendar';
import { curveParts } from '../../domain/resources/curves';
import { assignmentCalendarId } from '../../domain/resources/work-time';
import type { CurveKind } from '../../domain/resources/curves';
import { versionScheduleOptions } from '../../domain/schedule/default-options';
import type { ScheduleOptions } from '../../domain/schedule/model';
import type { DB } from '../db/schema';
import { MONEY, amountRows, scopeCtes } from './analytics-scope';
import type { Amount, AnalyticsScope } from './analytics-scope';

const ACTIVITY = sql`i.node_type NOT IN ('sum', 'draft')`;

/** Joins a version (v) to its summary when the summary is up to date. */
const FRESH = sql`t.space_id = v.space_id AND t.version_id = v.id AND t.content_stamp = v.content_stamp
  AND t.analytics_stamp = v.analytics_stamp AND t.data_date IS NOT DISTINCT FROM v.data_date`;

/** Remakes a version's summary unless it is up to date. */
export async function refreshSummary(db: Kysely<DB>, spaceId: string, versionId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // One maker per version at a time; the second finds the summary made.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`analytics:${versionId}`}))`.execute(tx);
    // The stamps are read before the rows: content that moves meanwhile leaves the summary stale.
    const found = await sql<{ cs: string; as: string; dd: number | null; fresh: boolean }>`
      SELECT v.content_stamp::text AS cs, v.analytics_stamp::text AS "as", v.data_date AS dd,
        (t.version_id IS NOT NULL) AS fresh
      FROM versions v LEFT JOIN analytics_version_totals t ON ${FRESH}
      WHERE v.space_id = ${spaceId} AND v.id = ${versionId}`.execute(tx);
    const v = found.rows[0];
    if (!v || v.fresh) return;
    await sql`DELETE FROM analytics_version_events WHERE space_id = ${spaceId} AND version_id = ${versionId}`.execute(
      tx,
    );
    await sql`DELETE FROM analytics_version_buckets WHERE space_id = ${spaceId} AND version_id = ${versionId}`.execute(
      tx,
    );
    await sql`DELETE FROM analytics_version_exec_events WHERE space_id = ${spaceId} AND version_id = ${versionId}`.execute(
      tx,
    );
    await sql`DELETE FROM analytics_version_totals WHERE space_id = ${spaceId} AND version_id = ${versionId}`.execute(
      tx,
    );
    const sv = sql`sv AS (SELECT id AS version_id, schedule_id, data_date FROM versions
      WHERE space_id = ${spaceId} AND id = ${versionId})`;
    const plannedToDate = await insertDayEvents(
      tx,
      spaceId,
      versionId,
      v.dd,
      await workTimesOf(tx, spaceId, versionId, v.dd),
    );
    // The events gathered per week and per month (migration 031): a bucket is one event at its
    // start b of slope change Σds and jump Σj − Σds·(t − b), the same value at its end and after.
    await sql`
      INSERT INTO analytics_version_buckets (space_id, version_id, amount, unit, series, b, ds, j, tmax)
      SELECT space_id, version_id, amount, unit, series, b, SUM(ds), SUM(j) - SUM(ds * (t - b)), MAX(t)
      FROM (
        SELECT e.space_id, e.version_id, e.amount, u.unit, e.series, e.t, e.ds, e.j,
          (EXTRACT(EPOCH FROM (date_trunc(u.unit, TIMESTAMP '2000-01-01' + e.t * INTERVAL '1 minute')
            - TIMESTAMP '2000-01-01')) / 60)::integer AS b
        FROM analytics_version_events e CROSS JOIN (VALUES ('week'), ('month')) AS u (unit)
        WHERE e.space_id = ${spaceId} AND e.version_id = ${versionId}
      ) x
      GROUP BY space_id, version_id, amount, unit, series, b`.execute(tx);
    await sql`
      WITH ${sv},
      x AS (
        SELECT COUNT(*) AS activities, SUM(${MONEY}) AS money, SUM(${MONEY} * i.percent / 100) AS earned,
          SUM(i.volume) AS volume,
          SUM(i.percent * GREATEST(i.duration, 1)) AS pw, SUM(GREATEST(i.duration, 1)) AS w,
          MIN(COALESCE(i.actual_start, i.es)) AS start, MAX(COALESCE(i.actual_finish, i.ef)) AS finish
        FROM wbs_items i WHERE i.space_id = ${spaceId} AND i.version_id = ${versionId} AND ${ACTIVITY}
      ),
      c AS (SELECT SUM(amt) AS cost FROM (${amountRows(spaceId, 'sv', 'cost')}) a),
      l AS (SELECT SUM(amt) AS labour FROM (${amountRows(spaceId, 'sv', 'labour')}) a),
      la AS (
        SELECT SUM(a.units::float8) AS labour_all FROM version_assignments a
        JOIN version_resources vr
          ON vr.space_id = a.space_id AND vr.version_id = a.version_id AND vr.id = a.resource_id
        JOIN resources r ON r.space_id = vr.space_id AND r.id = vr.resource_id
        WHERE a.space_id = ${spaceId} AND a.version_id = ${versionId} AND r.resource_type = 'labor'
      )
      INSERT INTO analytics_version_totals (space_id, version_id, content_stamp, analytics_stamp, data_date,
        activities, money, earned, volume, pw, w, start, finish, cost, labour, labour_all, planned_to_date)
      SELECT ${spaceId}, ${versionId}, ${v.cs}::bigint, ${v.as}::bigint, ${v.dd}::integer,
        x.activities, x.money, x.earned, x.volume, x.pw, x.w, x.start, x.finish, c.cost, l.labour, la.labour_all,
        ${plannedToDate}::float8
      FROM x, c, l, la`.execute(tx);
  });
}

/** Rows read per step while a summary is made (the process holds one page and the day sums). */
const PAGE = 2000;
const DAY = 1440;

type Between = (x: number, y: number) => number;

/**
 * Working time by calendar id for a version's rows: a space calendar by id, else the version's
 * default calendar (its stored options', else the space's default), else the standard one.
 */
export async function workTimesOf(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  dataDate: number | null,
): Promise<(calendarId: string | null) => Between> {
  const [cals, meta] = await Promise.all([
    db.selectFrom('calendars').selectAll().where('space_id', '=', spaceId).execute(),
    db
      .selectFrom('version_models')
      .select('options')
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .executeTakeFirst(),
  ]);
  const defs = cals.map(calendarDefOf);
  const options = versionScheduleOptions(
    meta ? (meta.options as unknown as ScheduleOptions) : null,
    dataDate,
    defs,
  );
  const cache = new CalendarIndexCache();
  const lookup = cache.lookup(defs);
  const fallback = defs.find((d) => d.id === options.defaultCalendarId) ?? standardCalendarDef();
  const made = new Map<string | null, Between>();
  return (id) => {
    let b = made.get(id);
    if (!b) {
      const idx = (id && lookup(id)) || cache.of(fallback);
      b = (x, y) => (y > x ? idx.workAt(y) - idx.workAt(x) : 0);
      made.set(id, b);
    }
    return b;
  };
}

interface PageRow {
  id: string;
  es: number | null;
  ef: number | null;
  as: number | null;
  af: number | null;
  pct: number;
  money: number | null;
  volume: number | null;
  cal: string | null;
  /** A task or work, narrowed to the rows the import marked resource dependent (P6's type). */
  rdep: boolean;
}

/** Rows the import marked resource dependent (P6's activity type, kept in the item extras). */
async function resourceDependentIds(db: Kysely<DB>, spaceId: string, versionId: string) {
  const found = await sql<{ id: string }>`
    SELECT e.key AS id FROM version_models m, jsonb_each(m.item_extras) e
    WHERE m.space_id = ${spaceId} AND m.version_id = ${versionId} AND e.value ->> 'kind' = 'resource'`.execute(
    db,
  );
  return new Set(found.rows.map((r) => r.id));
}

interface AssignmentRow {
  wbs_id: string;
  exec: string;
  units: number;
  price: number | null;
  labor: boolean;
  curve: string;
  curve_values: number[] | null;
  /** The resource's own calendar (the space resource's, else the version resource's). */
  rcal: string | null;
}

/**
 * A version's curves as events of its analytics summary: every amount spread over its row's
 * working time by day (src/domain/analytics/work-spread.ts; assignments by their curves), stored as
 * one jump per amount, series and day at the day's midnight — the day buckets — plus a moment of no
 * change at each series' first start and last finish, so a curve spans what its rows span. The
 * planned cost and labour go to the executor events as well, per executor. The rows are read a
 * page at a time; the process holds one page and the day sums. Returns the money planned to the
 * data date over working time (workShareBefore).
 */
async function insertDayEvents(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  dataDate: number | null,
  timeOf: (calendarId: string | null) => Between,
): Promise<number> {
  let plannedToDate = 0;
  // "amount executor" → moment → jump (the executor series)
  const byExec = new Map<string, Map<number, number>>();
  const putExec = (
    amount: 'cost' | 'labour',
    exec: string,
    s: number | null,
    f: number | null,
    a: number,
    between: Between,
    parts: readonly number[],
  ) => {
    if (s === null || f === null) return;
    const key = `${amount} ${exec}`;
    let m = byExec.get(key);
    if (!m) byExec.set(key, (m = new Map()));
    const days = m;
    // The series spans its rows: a moment of no change at each start and finish.
    if (!days.has(s)) days.set(s, 0);
    if (!days.has(Math.max(s, f))) days.set(Math.max(s, f), 0);
    if (a === 0) return;
    spreadByDay({ start: s, finish: f, amount: a, between, parts }, (d, x) =>
      days.set(d * DAY, (days.get(d * DAY) ?? 0) + x),
    );
  };
  // key "amount series" → moment → jump
  const acc = new Map<string, Map<number, number>>();
  // key → the series' first start and last finish (stored as moments of no change)
  const span = new Map<string, [number, number]>();
  const at = (k: string) => {
    let m = acc.get(k);
    if (!m) acc.set(k, (m = new Map()));
    return m;
  };
  const put = (
    amount: Amount,
    series: 'plan' | 'fact',
    s: number | null,
    f: number | null,
    a: number,
    between: Between,
    parts: readonly number[] | null = null,
  ) => {
    if (s === null || f === null) return;
    const plain = series === 'plan' && a === 0;
    if (!plain && a === 0) return;
    const key = `${amount} ${plain ? 'plan0' : series}`;
    const m = at(key);
    const sp = span.get(key);
    if (!sp) span.set(key, [s, Math.max(s, f)]);
    else {
      if (s < sp[0]) sp[0] = s;
      if (f > sp[1]) sp[1] = f;
    }
    if (plain) return;
    spreadByDay({ start: s, finish: f, amount: a, between, parts }, (d, x) =>
      m.set(d * DAY, (m.get(d * DAY) ?? 0) + x),
    );
  };
  // Read once: the extras are one document per version, and looking a row up in it per row
  // costs the whole document each time (minutes for a 30,000-row import).
  const resourceKind = await resourceDependentIds(db, spaceId, versionId);
  let last: string | null = null;
  for (;;) {
    const page: QueryResult<PageRow> = await sql<PageRow>`
      SELECT i.id::text AS id, i.es, i.ef, i.actual_start AS "as",
        COALESCE(i.actual_finish, GREATEST(${dataDate}::integer, i.actual_start)) AS af,
        i.percent::float8 AS pct,
        CASE WHEN i.price IS NULL THEN NULL ELSE ${MONEY} END AS money, i.volume::float8 AS volume,
        i.calendar_id::text AS cal,
        i.node_type IN ('task', 'work') AS rdep
      FROM wbs_items i
      WHERE i.space_id = ${spaceId} AND i.version_id = ${versionId} AND ${ACTIVITY}
        ${last === null ? sql`` : sql`AND i.id > ${last}::uuid`}
      ORDER BY i.id LIMIT ${PAGE}`.execute(db);
    const rows: PageRow[] = page.rows;
    if (rows.length === 0) break;
    for (const r of rows) r.rdep = r.rdep && resourceKind.has(r.id);
    const first = rows[0]!.id;
    last = rows[rows.length - 1]!.id;
    const assigned = await sql<AssignmentRow>`
      SELECT a.wbs_id::text AS wbs_id, COALESCE(r.id::text, vr.id::text) AS exec,
        a.units::float8 AS units, r.price::float8 AS price,
        COALESCE(r.resource_type = 'labor', false) AS labor, a.curve, a.curve_values,
        COALESCE(r.calendar_id, vr.calendar_id)::text AS rcal
      FROM version_assignments a
      JOIN version_resources vr
        ON vr.space_id = a.space_id AND vr.version_id = a.version_id AND vr.id = a.resource_id
      LEFT JOIN resources r ON r.space_id = vr.space_id AND r.id = vr.resource_id
      WHERE a.space_id = ${spaceId} AND a.version_id = ${versionId}
        AND a.wbs_id >= ${first}::uuid AND a.wbs_id <= ${last}::uuid`.execute(db);
    const byRow = new Map<string, AssignmentRow[]>();
    for (const a of assigned.rows) {
      const list = byRow.get(a.wbs_id);
      if (list) list.push(a);
      else byRow.set(a.wbs_id, [a]);
    }
    for (const r of rows) {
      const between = timeOf(r.cal);
      const pct = Number(r.pct);
      if (r.money !== null) {
        put('money', 'plan', r.es, r.ef, Number(r.money), between);
        plannedToDate += Number(r.money) * workShareBefore(r.es, r.ef, dataDate, between);
        put('money', 'fact', r.as, r.af, (Number(r.money) * pct) / 100, between);
      }
      if (r.volume !== null) put('volume', 'plan', r.es, r.ef, Number(r.volume), between);
      for (const a of byRow.get(r.id) ?? []) {
        const parts = curveParts(a.curve as CurveKind, a.curve_values);
        // P6 spreads a resource-dependent activity's assignment over its resource's calendar.
        const own = assignmentCalendarId({ kind: r.rdep ? 'resource' : null, calendarId: r.cal }, a.rcal);
        const work = own === r.cal ? between : timeOf(own);
        const cost = Number(a.units) * Number(a.price ?? 0);
        put('cost', 'plan', r.es, r.ef, cost, work, parts);
        put('cost', 'fact', r.as, r.af, (cost * pct) / 100, work, parts);
        putExec('cost', a.exec, r.es, r.ef, cost, work, parts);
        if (a.labor) {
          put('labour', 'plan', r.es, r.ef, Number(a.units), work, parts);
          putExec('labour', a.exec, r.es, r.ef, Number(a.units), work, parts);
          put('labour', 'fact', r.as, r.af, (Number(a.units) * pct) / 100, work, parts);
        }
      }
    }
    if (rows.length < PAGE) break;
  }
  for (const [k, [s, f]] of span) {
    const m = at(k);
    if (!m.has(s)) m.set(s, 0);
    if (!m.has(f)) m.set(f, 0);
  }
  const values: RawBuilder<unknown>[] = [];
  for (const [k, m] of acc) {
    const [amount, series] = k.split(' ');
    for (const [t, j] of m) values.push(sql`(${amount}, ${series}, ${t}::integer, ${j}::float8)`);
  }
  for (let i = 0; i < values.length; i += 1000)
    await sql`INSERT INTO analytics_version_events (space_id, version_id, amount, series, t, ds, j)
      SELECT ${spaceId}::uuid, ${versionId}::uuid, x.amount, x.series, x.t, 0, x.j
      FROM (VALUES ${sql.join(values.slice(i, i + 1000))}) AS x (amount, series, t, j)`.execute(db);
  const execValues: RawBuilder<unknown>[] = [];
  for (const [k, m] of byExec) {
    const at = k.indexOf(' ');
    const [amount, exec] = [k.slice(0, at), k.slice(at + 1)];
    for (const [t, j] of m) execValues.push(sql`(${amount}, ${exec}, ${t}::integer, ${j}::float8)`);
  }
  for (let i = 0; i < execValues.length; i += 1000)
    await sql`INSERT INTO analytics_version_exec_events (space_id, version_id, amount, exec, t, j)
      SELECT ${spaceId}::uuid, ${versionId}::uuid, x.amount, x.exec, x.t, x.j
      FROM (VALUES ${sql.join(execValues.slice(i, i + 1000))}) AS x (amount, exec, t, j)`.execute(db);
  return plannedToDate;
}

/**
 * The share of a ramp [s, f) planned before the data date over working time: the working minutes
 * before it over all the ramp's (a ramp with no working minute: calendar time; a point: all of it
 * once the data date is past it; no data date: nothing).
 */
export function workShareBefore(
  s: number | null,
  f: number | null,
  dd: number | null,
  between: Between,
): number {
  if (dd === null || s === null || f === null) return 0;
  if (f <= s) return dd > s ? 1 : 0;
  if (dd <= s) return 0;
  if (dd >= f) return 1;
  const work = between(s, f);
  return work > 0 ? between(s, dd) / work : (dd - s) / (f - s);
}

/** Stored planned events keyed by executor (cost or labour of the working versions), by day. */
export function executorEvents(spaceId: string, amount: 'cost' | 'labour'): RawBuilder<unknown> {
  return sql`SELECT e.exec AS key, e.t, 0::float8 AS ds, e.j FROM analytics_version_exec_events e
    JOIN sv ON e.version_id = sv.version_id WHERE e.space_id = ${spaceId} AND e.amount = ${amount}`;
}

/** Brings the summaries of every version a scope measures (working and target) up to date. */
export async function ensureSummaries(db: Kysely<DB>, scope: AnalyticsScope): Promise<void> {
  const stale = await sql<{ id: string }>`
    WITH RECURSIVE ${scopeCtes(scope)}
    inscope AS (SELECT version_id FROM sv UNION SELECT version_id FROM tv)
    SELECT v.id FROM versions v LEFT JOIN analytics_version_totals t ON ${FRESH}
    WHERE v.space_id = ${scope.spaceId} AND v.id IN (SELECT version_id FROM inscope) AND t.version_id IS NULL
    ORDER BY v.id`.execute(db);
  for (const r of stale.rows) await refreshSummary(db, scope.spaceId, r.id);
  // Fresh statistics of the summaries: PGlite has no autovacuum, and without them its planner
  // scans every version's events once per version of the scope (a space curve took 36 s).
  if (stale.rows.length > 0)
    await sql`ANALYZE analytics_version_events, analytics_version_buckets, analytics_version_totals`.execute(
      db,
    );
}

/**
 * The stored rows a curve by `unit` sweeps: the week or month buckets when every period boundary
 * of the unit is a bucket boundary (week; month, quarter, year), else (day) the events. A bucket
 * series adds one event of no change at its last moment, so the curve spans what the events span.
 */
function source(unit: PeriodUnit): {
  table: RawBuilder<unknown>;
  t: RawBuilder<unknown>;
  bucket: string | null;
} {
  if (unit === 'day') return { table: sql`analytics_version_events`, t: sql`e.t`, bucket: null };
  return { table: sql`analytics_version_buckets`, t: sql`e.b`, bucket: unit === 'week' ? 'week' : 'month' };
}

/** Events (key, t, ds, j) of versions `set` (a CTE with version_id, and `key`), filtered by `where`. */
function eventsOf(
  spaceId: string,
  amount: Amount,
  unit: PeriodUnit,
  set: 'sv' | 'tv',
  key: RawBuilder<unknown>,
  series: readonly string[],
): RawBuilder<unknown> {
  const src = source(unit);
  const from = sql.raw(set);
  const where = sql`e.space_id = ${spaceId} AND e.amount = ${amount} AND e.series IN (${sql.join(series)})
    ${src.bucket ? sql`AND e.unit = ${src.bucket}` : sql``}`;
  const rows = sql`SELECT ${key} AS key, ${src.t} AS t, e.ds, e.j FROM ${src.table} e
    JOIN ${from} ON e.version_id = ${from}.version_id WHERE ${where}`;
  if (!src.bucket) return rows;
  return sql`${rows} UNION ALL SELECT ${key}, MAX(e.tmax), 0::float8, 0::float8 FROM ${src.table} e
    JOIN ${from} ON e.version_id = ${from}.version_id WHERE ${where} GROUP BY 1`;
}

/**
 * Stored events (series, t, ds, j) of an amount: plan and earned fact of the working versions,
 * target the target versions' plan (with the moments of their rows of no amount).
 */
export function storedEvents(
  spaceId: string,
  amount: Amount,
  series: readonly ('plan' | 'fact' | 'target')[],
  unit: PeriodUnit = 'day',
): RawBuilder<unknown> | null {
  const parts: RawBuilder<unknown>[] = [];
  const own = series.filter((s) => s !== 'target');
  if (own.length > 0) parts.push(eventsOf(spaceId, amount, unit, 'sv', sql`e.series`, own));
  if (series.includes('target'))
    parts.push(eventsOf(spaceId, amount, unit, 'tv', sql`'target'::text`, ['plan', 'plan0']));
  return parts.length > 0 ? sql.join(parts, sql` UNION ALL `) : null;
}

/** Stored planned events keyed by schedule (the working versions'). */
export function scheduleEvents(
  spaceId: string,
  amount: Amount,
  unit: PeriodUnit = 'day',
): RawBuilder<unknown> {
  return eventsOf(spaceId, amount, unit, 'sv', sql`sv.schedule_id::text`, ['plan', 'plan0']);
}
