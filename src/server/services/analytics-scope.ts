// What an analytics call measures, as SQL: the versions in scope (`sv`: each schedule's working
// version, or the one version asked for; `tv`: each schedule's target) and the rows that carry
// an amount (money of the WBS rows, cost or labour of their assignments, volume), turned into the
// ramps analytics-sweep.ts spreads. Every fragment is scoped by space.
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

/** space (all schedules), a node (the schedules at or under it), or one version. */
export type AnalyticsScope =
  | { kind: 'space'; spaceId: string }
  | { kind: 'node'; spaceId: string; nodeId: string }
  | { kind: 'version'; spaceId: string; versionId: string; scheduleId: string };

export type Amount = 'money' | 'cost' | 'labour' | 'volume';

/** The working version of a schedule: an 'actual' one first, else the first 'version' by order. */
const pickVersions = (spaceId: string, schedules: RawBuilder<unknown>) => sql`
  sv AS (
    SELECT DISTINCT ON (v.schedule_id) v.id AS version_id, v.schedule_id, v.data_date
    FROM versions v
    WHERE v.space_id = ${spaceId} AND v.kind IN ('actual', 'version') AND v.schedule_id IN (${schedules})
    ORDER BY v.schedule_id, (v.kind = 'actual') DESC, v.sort_order, v.created_at
  ),
  tv AS (
    SELECT DISTINCT ON (v.schedule_id) v.id AS version_id, v.schedule_id
    FROM versions v
    WHERE v.space_id = ${spaceId} AND v.kind = 'target' AND v.schedule_id IN (${schedules})
    ORDER BY v.schedule_id, v.sort_order, v.created_at
  ),`;

/** The CTEs `sv` and `tv` (and what they need), each followed by a comma. */
export function scopeCtes(scope: AnalyticsScope): RawBuilder<unknown> {
  const s = scope.spaceId;
  if (scope.kind === 'space')
    return pickVersions(s, sql`SELECT id FROM eps_nodes WHERE space_id = ${s} AND kind = 'schedule'`);
  if (scope.kind === 'node')
    return sql`
      sub AS (
        SELECT id, kind FROM eps_nodes WHERE space_id = ${s} AND id = ${scope.nodeId}
        UNION ALL
        SELECT n.id, n.kind FROM eps_nodes n JOIN sub ON n.parent_id = sub.id WHERE n.space_id = ${s}
      ),
      ${pickVersions(s, sql`SELECT id FROM sub WHERE kind = 'schedule'`)}`;
  return sql`
    sv AS (
      SELECT id AS version_id, schedule_id, data_date FROM versions
      WHERE space_id = ${s} AND id = ${scope.versionId}
    ),
    tv AS (
      SELECT id AS version_id, schedule_id FROM versions
      WHERE space_id = ${s} AND schedule_id = ${scope.scheduleId} AND kind = 'target' AND id <> ${scope.versionId}
      ORDER BY sort_order, created_at LIMIT 1
    ),`;
}

export const MONEY = sql`(i.price * COALESCE(i.volume, 1))::float8`;
/** Activities: no summaries, no drafts, scheduled (drafts and rows under them have no dates). */
const ACTIVITY = sql`i.node_type NOT IN ('sum', 'draft')`;

/**
 * Rows of a version set (`sv` or `tv`) with an amount: (sched, exec, es, ef, as, af, pct, amt): the
 * row's schedule and, for cost and labour, the executor (the space resource, else the version's).
 * `as`/`af` are the actual start and the actual finish, or the data date while in progress.
 */
export function amountRows(spaceId: string, set: 'sv' | 'tv', amount: Amount): RawBuilder<unknown> {
  const from = sql.raw(set);
  const dd = set === 'sv' ? sql`sv.data_date` : sql`NULL::integer`;
  const dates = sql`i.es, i.ef, i.actual_start AS "as",
    COALESCE(i.actual_finish, GREATEST(${dd}, i.actual_start)) AS af, i.percent::float8 AS pct`;
  if (amount === 'money' || amount === 'volume') {
    const amt = amount === 'money' ? MONEY : sql`i.volume::float8`;
    const has = amount === 'money' ? sql`i.price IS NOT NULL` : sql`i.volume IS NOT NULL`;
    return sql`
      SELECT ${from}.schedule_id::text AS sched, NULL::text AS exec, ${dates}, ${amt} AS amt
      FROM wbs_items i JOIN ${from} ON i.version_id = ${from}.version_id
      WHERE i.space_id = ${spaceId} AND ${ACTIVITY} AND ${has}`;
  }
  const amt = amount === 'cost' ? sql`(a.units * COALESCE(r.price, 0))::float8` : sql`a.units::float8`;
  const only = amount === 'labour' ? sql`AND r.resource_type = 'labor'` : sql``;
  return sql`
    SELECT ${from}.schedule_id::text AS sched, COALESCE(r.id::text, vr.id::text) AS exec, ${dates}, ${amt} AS amt
    FROM version_assignments a
    JOIN ${from} ON a.version_id = ${from}.version_id
    JOIN wbs_items i ON i.space_id = a.space_id AND i.version_id = a.version_id AND i.id = a.wbs_id
    JOIN version_resources vr
      ON vr.space_id = a.space_id AND vr.version_id = a.version_id AND vr.id = a.resource_id
    LEFT JOIN resources r ON r.space_id = vr.space_id AND r.id = vr.resource_id
    WHERE a.space_id = ${spaceId} AND ${ACTIVITY} ${only}`;
}

/**
 * The ramps of the plan (early dates), fact (the earned share, percent complete, over the actual
 * dates to the data date) and target (the target's early dates) of an amount. Volume's fact and
 * daily plan are the stored days of the daily work plans instead (`dp` the plan).
 */
export function measureRamps(
  spaceId: string,
  amount: Amount,
  series: readonly ('plan' | 'fact' | 'target' | 'dp')[],
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  const rows = (set: 'sv' | 'tv') => amountRows(spaceId, set, amount);
  // Plan and earned fact of the working rows in one scan of them (a row gives one ramp of each).
  const own = series.filter((s) => s === 'plan' || (s === 'fact' && amount !== 'volume'));
  if (own.length > 0) {
    const pairs = own.map((s) =>
      s === 'plan' ? sql`('plan', r.es, r.ef, r.amt)` : sql`('fact', r."as", r.af, r.amt * r.pct / 100)`,
    );
    parts.push(sql`SELECT x.series, x.s, x.f, x.a FROM (${rows('sv')}) r
      CROSS JOIN LATERAL (VALUES ${sql.join(pairs)}) AS x (series, s, f, a)
      WHERE x.s IS NOT NULL AND x.f IS NOT NULL AND x.a <> 0`);
  }
  for (const s of series) {
    if (s === 'target')
      parts.push(sql`SELECT 'target'::text, x.es, x.ef, x.amt FROM (${rows('tv')}) x
        WHERE x.es IS NOT NULL AND x.ef IS NOT NULL`);
    else if (s === 'dp' || (s === 'fact' && amount === 'volume'))
      parts.push(wdpRamps(spaceId, s === 'dp' ? 'plan' : 'fact', s));
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** A daily plan's or fact's days, each spread over its day. */
function wdpRamps(spaceId: string, column: 'plan' | 'fact', series: string): RawBuilder<unknown> {
  const c = sql.ref(`d.${column}`);
  return sql`SELECT ${series}::text, d.day * 1440, d.day * 1440 + 1440, ${c}::float8
    FROM wdp_days d JOIN sv ON d.version_id = sv.version_id
    WHERE d.space_id = ${spaceId} AND ${c} IS NOT NULL`;
}

/**
 * Planned ramps keyed by schedule or executor, over calendar time: the rows' form of the stored
 * series (the summary tests sweep them to check the summaries).
 */
export function keyedRamps(spaceId: string, amount: Amount, by: 'sched' | 'exec'): RawBuilder<unknown> {
  return sql`SELECT ${sql.ref(`x.${by}`)}, x.es, x.ef, x.amt FROM (${amountRows(spaceId, 'sv', amount)}) x
    WHERE x.es IS NOT NULL AND x.ef IS NOT NULL`;
}
