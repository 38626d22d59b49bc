// The figures of the analytics calls, each one SQL statement over the stored rows (aggregates
// and the sweep), never the rows loaded into the process. Definitions: docs/analytics.md.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { PeriodUnit } from '../../domain/analytics';
import type {
  CountResponse,
  CurveResponse,
  DashboardEntry,
  IndicatorResponse,
  StatsResponse,
} from '../../api/analytics';
import type { DB } from '../db/schema';
import { sweep } from './analytics-sweep';
import { customCostEvents } from './analytics-custom';
import { customStoredEvents, ensureCustomSummaries, storesAttribute } from './analytics-custom-summary';
import { withoutJit } from './analytics-work-days';
import { amountRows, measureRamps, scopeCtes } from './analytics-scope';
import { ensureSummaries, executorEvents, scheduleEvents, storedEvents } from './analytics-summary';
import type { Amount, AnalyticsScope } from './analytics-scope';

export interface Range {
  unit: PeriodUnit;
  from?: number | undefined;
  to?: number | undefined;
}
const DAY = 1440;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const ACTIVITY = sql`i.node_type NOT IN ('sum', 'draft')`;

async function dataDate(db: Kysely<DB>, scope: AnalyticsScope): Promise<number | null> {
  const r = await sql<{ d: number | null }>`WITH RECURSIVE ${scopeCtes(scope)} x AS (SELECT 1)
    SELECT MAX(data_date) AS d FROM sv`.execute(db);
  return numOrNull(r.rows[0]?.d);
}

/** Runs the sweep and shapes the answer: the keys asked for first (zeros where nothing was). */
async function curveOf(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  ramps: RawBuilder<unknown> | null,
  range: Range,
  keys: readonly string[],
  labels: (found: string[]) => Promise<Map<string, string>>,
  events: RawBuilder<unknown> | null = null,
): Promise<CurveResponse> {
  const { bounds, values } = await sweep(db, scopeCtes(scope), ramps, range.unit, range, events);
  const periods = bounds.slice(1).map((to, k) => ({ from: bounds[k]!, to }));
  const all = [...keys, ...[...values.keys()].filter((k) => !keys.includes(k)).sort()];
  const names = await labels(all);
  const series = all.map((key) => {
    const at = values.get(key) ?? bounds.map(() => 0);
    const cumulative = at.slice(1);
    const per_period = cumulative.map((v, k) => v - at[k]!);
    return { key, label: names.get(key) ?? key, per_period, cumulative, total: cumulative.at(-1) ?? 0 };
  });
  return { unit: range.unit, periods, series, data_date: await dataDate(db, scope) };
}

const sameLabels = async (keys: string[]) => new Map(keys.map((k) => [k, k]));

/**
 * Plan, fact and target (volume: and the daily plan) of an amount, by period. Plan, earned fact
 * and target come from the versions' stored summaries; volume's fact and daily plan from the
 * daily work plans' days.
 */
export async function measureCurve(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  amount: Amount,
  range: Range,
  series: readonly ('plan' | 'fact' | 'target' | 'dp')[] = amount === 'volume'
    ? ['plan', 'fact', 'target', 'dp']
    : ['plan', 'fact', 'target'],
): Promise<CurveResponse> {
  const fromDays = (s: string) => s === 'dp' || (s === 'fact' && amount === 'volume');
  const stored = series.filter((s): s is 'plan' | 'fact' | 'target' => !fromDays(s));
  const days = series.filter(fromDays);
  if (stored.length > 0) await ensureSummaries(db, scope);
  const ramps = days.length > 0 ? measureRamps(scope.spaceId, amount, days) : null;
  return curveOf(
    db,
    scope,
    ramps,
    range,
    series,
    sameLabels,
    storedEvents(scope.spaceId, amount, stored, range.unit),
  );
}

/**
 * Planned amount by period, one series per schedule (money, volume) or executor (cost, labour),
 * from the stored summaries: spread over working time, assignments by their curves.
 */
export async function keyedCurve(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  amount: Amount,
  by: 'sched' | 'exec',
  range: Range,
): Promise<CurveResponse> {
  const labels = (keys: string[]) => namesOf(db, scope.spaceId, keys, by === 'exec');
  await ensureSummaries(db, scope);
  if (by === 'exec' && (amount === 'cost' || amount === 'labour'))
    return curveOf(db, scope, null, range, [], labels, executorEvents(scope.spaceId, amount));
  return curveOf(db, scope, null, range, [], labels, scheduleEvents(scope.spaceId, amount, range.unit));
}

/**
 * The custom-cost graph: a number attribute of the rows, plan and target, spread over each row's
 * working time. A number attribute of the space is read from the versions' stored summaries of it
 * (analytics-custom-summary.ts, made first where stale); another key the rows hold is spread per
 * request (`direct`, also the summaries' reference in the tests and the bench).
 */
export async function customCostCurve(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  attribute: string,
  range: Range,
  direct = false,
): Promise<CurveResponse> {
  if (!direct && (await storesAttribute(db, scope.spaceId, attribute))) {
    await ensureCustomSummaries(db, scope, attribute);
    const events = customStoredEvents(scope.spaceId, attribute, range.unit);
    return curveOf(db, scope, null, range, ['plan', 'target'], sameLabels, events);
  }
  // The day sums are made inside the sweep's statement: no JIT for it (withoutJit).
  return withoutJit(db, async (tx) => {
    const events = await customCostEvents(tx, scope, attribute);
    return curveOf(tx, scope, null, range, ['plan', 'target'], sameLabels, events);
  });
}

async function namesOf(
  db: Kysely<DB>,
  spaceId: string,
  keys: string[],
  resources: boolean,
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = resources
    ? await sql<{ id: string; name: string }>`
        SELECT id::text, name FROM resources WHERE space_id = ${spaceId} AND id::text IN (${sql.join(keys)})
        UNION ALL
        SELECT DISTINCT ON (id) id::text, name FROM version_resources
        WHERE space_id = ${spaceId} AND id::text IN (${sql.join(keys)})`.execute(db)
    : await sql<{ id: string; name: string }>`
        SELECT id::text, name FROM eps_nodes WHERE space_id = ${spaceId} AND id::text IN (${sql.join(keys)})`.execute(
        db,
      );
  return new Map(rows.rows.map((r) => [r.id, r.name]));
}

/** Planned and earned amount per executor (assigned resource), largest first. */
export async function executorBars(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  amount: 'cost' | 'labour',
): Promise<{ key: string; label: string; plan: number; fact: number }[]> {
  const r = await sql<{ key: string; plan: number; fact: number }>`
    WITH RECURSIVE ${scopeCtes(scope)}
    x AS (${amountRows(scope.spaceId, 'sv', amount)})
    SELECT exec AS key, SUM(amt) AS plan, SUM(amt * pct / 100) AS fact FROM x GROUP BY exec ORDER BY 2 DESC, 1`.execute(
    db,
  );
  const names = await namesOf(
    db,
    scope.spaceId,
    r.rows.map((b) => b.key),
    true,
  );
  return r.rows.map((b) => ({
    key: b.key,
    label: names.get(b.key) ?? b.key,
    plan: num(b.plan),
    fact: num(b.fact),
  }));
}

export async function counts(db: Kysely<DB>, scope: AnalyticsScope): Promise<CountResponse> {
  const r = await sql<Record<string, unknown>>`
    WITH RECURSIVE ${scopeCtes(scope)}
    x AS (SELECT i.* FROM wbs_items i JOIN sv ON i.version_id = sv.version_id WHERE i.space_id = ${scope.spaceId})
    SELECT
      COUNT(*) FILTER (WHERE node_type NOT IN ('sum', 'draft')) AS total,
      COUNT(*) FILTER (WHERE node_type = 'sum') AS sums,
      COUNT(*) FILTER (WHERE node_type = 'task') AS task,
      COUNT(*) FILTER (WHERE node_type = 'work') AS work,
      COUNT(*) FILTER (WHERE node_type = 'milestone_start') AS milestone_start,
      COUNT(*) FILTER (WHERE node_type = 'milestone_finish') AS milestone_finish,
      COUNT(*) FILTER (WHERE node_type = 'draft') AS draft,
      COUNT(*) FILTER (WHERE node_type NOT IN ('sum', 'draft')
        AND (actual_finish IS NOT NULL OR percent >= 100)) AS completed,
      COUNT(*) FILTER (WHERE node_type NOT IN ('sum', 'draft') AND actual_finish IS NULL AND percent < 100
        AND (actual_start IS NOT NULL OR percent > 0)) AS in_progress,
      COUNT(*) FILTER (WHERE node_type NOT IN ('sum', 'draft') AND critical) AS critical,
      (SELECT COUNT(*) FROM wbs_relations w JOIN sv ON w.version_id = sv.version_id
        WHERE w.space_id = ${scope.spaceId}) AS relations
    FROM x`.execute(db);
  const c = r.rows[0]!;
  const total = num(c.total);
  const completed = num(c.completed);
  const inProgress = num(c.in_progress);
  const types = ['task', 'work', 'milestone_start', 'milestone_finish', 'draft'] as const;
  return {
    total,
    sums: num(c.sums),
    by_type: Object.fromEntries(types.map((t) => [t, num(c[t])])),
    by_status: { not_started: total - completed - inProgress, in_progress: inProgress, completed },
    critical: num(c.critical),
    relations: num(c.relations),
  };
}

/** Totals of the working versions in scope, summed from their stored summaries. */
export async function stats(db: Kysely<DB>, scope: AnalyticsScope): Promise<StatsResponse> {
  await ensureSummaries(db, scope);
  const r = await sql<Record<string, unknown>>`
    WITH RECURSIVE ${scopeCtes(scope)}
    x AS (SELECT t.* FROM analytics_version_totals t JOIN sv ON t.version_id = sv.version_id
          WHERE t.space_id = ${scope.spaceId})
    SELECT
      (SELECT COUNT(*) FROM sv) AS schedules,
      SUM(activities) AS activities,
      MIN(start) AS start,
      MAX(finish) AS finish,
      SUM(money) AS money,
      SUM(volume) AS volume,
      SUM(pw) / NULLIF(SUM(w), 0) AS percent,
      SUM(cost) AS cost,
      SUM(labour) AS labour
    FROM x`.execute(db);
  const c = r.rows[0]!;
  return {
    schedules: num(c.schedules),
    activities: num(c.activities),
    start: numOrNull(c.start),
    finish: numOrNull(c.finish),
    money: num(c.money),
    cost: num(c.cost),
    labour: num(c.labour),
    volume: num(c.volume),
    percent: numOrNull(c.percent),
  };
}

/**
 * Planned to date is each working version's money planned to its own data date over working time
 * (stored with its summary, analytics-summary.ts); earned is the percent complete of the money.
 */
export async function indicator(db: Kysely<DB>, scope: AnalyticsScope): Promise<IndicatorResponse> {
  await ensureSummaries(db, scope);
  const s = scope.spaceId;
  const r = await sql<Record<string, unknown>>`
    WITH RECURSIVE ${scopeCtes(scope)}
    p AS (${amountRows(s, 'sv', 'money')}),
    x AS (SELECT i.*, sv.data_date FROM wbs_items i JOIN sv ON i.version_id = sv.version_id
          WHERE i.space_id = ${s} AND ${ACTIVITY}),
    t AS (SELECT i.*, tv.schedule_id FROM wbs_items i JOIN tv ON i.version_id = tv.version_id
          WHERE i.space_id = ${s} AND ${ACTIVITY})
    SELECT
      (SELECT MAX(data_date) FROM sv) AS data_date,
      (SELECT SUM(t.planned_to_date) FROM analytics_version_totals t JOIN sv ON t.version_id = sv.version_id
        WHERE t.space_id = ${s}) AS planned,
      (SELECT SUM(amt * pct / 100) FROM p) AS earned,
      (SELECT SUM(amt * pct / 100) / NULLIF(SUM(amt), 0) * 100 FROM p) AS percent_money,
      (SELECT SUM(percent * GREATEST(duration, 1)) / NULLIF(SUM(GREATEST(duration, 1)), 0) FROM x)
        AS percent_duration,
      (SELECT MAX(COALESCE(actual_finish, ef)) FROM x) AS finish,
      (SELECT MAX(COALESCE(actual_finish, ef)) FROM t) AS target_finish,
      (SELECT COUNT(*) FROM x JOIN sv ON x.version_id = sv.version_id
         JOIN t ON t.schedule_id = sv.schedule_id AND t.id = x.id
        WHERE COALESCE(x.actual_finish, x.ef) > COALESCE(t.actual_finish, t.ef)) AS delayed`.execute(db);
  const c = r.rows[0]!;
  const planned = num(c.planned);
  const earned = num(c.earned);
  const finish = numOrNull(c.finish);
  const target = numOrNull(c.target_finish);
  return {
    data_date: numOrNull(c.data_date),
    planned_to_date: planned,
    earned_to_date: earned,
    spi: planned > 0 ? earned / planned : null,
    percent_money: numOrNull(c.percent_money),
    percent_duration: numOrNull(c.percent_duration),
    finish,
    target_finish: target,
    slip_days: finish !== null && target !== null ? Math.round(((finish - target) / DAY) * 100) / 100 : null,
    delayed: num(c.delayed),
  };
}

/** A node's children (null: the space's top nodes) side by side, over the schedules under each. */
export async function dashboard(
  db: Kysely<DB>,
  spaceId: string,
  nodeId: string | null,
): Promise<DashboardEntry[]> {
  await ensureSummaries(db, nodeId === null ? { kind: 'space', spaceId } : { kind: 'node', spaceId, nodeId });
  const top = nodeId === null ? sql`parent_id IS NULL` : sql`parent_id = ${nodeId}`;
  const r = await sql<Record<string, unknown>>`
    WITH RECURSIVE sub AS (
      SELECT id, kind, id AS child_id FROM eps_nodes WHERE space_id = ${spaceId} AND ${top}
      UNION ALL
      SELECT n.id, n.kind, sub.child_id FROM eps_nodes n JOIN sub ON n.parent_id = sub.id
      WHERE n.space_id = ${spaceId}
    ),
    sv AS (
      SELECT DISTINCT ON (v.schedule_id) v.id AS version_id, v.schedule_id FROM versions v
      WHERE v.space_id = ${spaceId} AND v.kind IN ('actual', 'version')
        AND v.schedule_id IN (SELECT id FROM sub WHERE kind = 'schedule')
      ORDER BY v.schedule_id, (v.kind = 'actual') DESC, v.sort_order, v.created_at
    ),
    tv AS (
      SELECT DISTINCT ON (v.schedule_id) v.id AS version_id, v.schedule_id FROM versions v
      WHERE v.space_id = ${spaceId} AND v.kind = 'target'
        AND v.schedule_id IN (SELECT id FROM sub WHERE kind = 'schedule')
      ORDER BY v.schedule_id, v.sort_order, v.created_at
    ),
    vi AS (SELECT t.* FROM analytics_version_totals t JOIN sv ON t.version_id = sv.version_id
           WHERE t.space_id = ${spaceId}),
    ti AS (SELECT t.version_id, t.money FROM analytics_version_totals t JOIN tv ON t.version_id = tv.version_id
           WHERE t.space_id = ${spaceId}),
    la AS (SELECT version_id, labour_all AS labour FROM vi)
    SELECT c.id AS node_id, c.name, c.kind,
      COUNT(sv.version_id) AS schedules, SUM(vi.activities) AS activities,
      SUM(vi.money) AS money_plan, SUM(vi.earned) AS money_earned, SUM(ti.money) AS money_target,
      SUM(la.labour) AS labour, SUM(vi.pw) / NULLIF(SUM(vi.w), 0) AS percent,
      MIN(vi.start) AS start, MAX(vi.finish) AS finish
    FROM eps_nodes c
    LEFT JOIN sub s ON s.child_id = c.id AND s.kind = 'schedule'
    LEFT JOIN sv ON sv.schedule_id = s.id
    LEFT JOIN vi ON vi.version_id = sv.version_id
    LEFT JOIN tv ON tv.schedule_id = s.id
    LEFT JOIN ti ON ti.version_id = tv.version_id
    LEFT JOIN la ON la.version_id = sv.version_id
    WHERE c.space_id = ${spaceId} AND ${nodeId === null ? sql`c.parent_id IS NULL` : sql`c.parent_id = ${nodeId}`}
    GROUP BY c.id, c.name, c.kind, c.sort_order
    ORDER BY c.sort_order, c.name`.execute(db);
  return r.rows.map((c) => ({
    node_id: String(c.node_id),
    name: String(c.name),
    kind: c.kind as DashboardEntry['kind'],
    schedules: num(c.schedules),
    activities: num(c.activities),
    money_plan: num(c.money_plan),
    money_earned: num(c.money_earned),
    money_target: num(c.money_target),
    labour: num(c.labour),
    percent: numOrNull(c.percent),
    start: numOrNull(c.start),
    finish: numOrNull(c.finish),
  }));
}

/** A schedule's quality findings, counted in SQL (the DCMA checks' simple counts). */
export async function quality(
  db: Kysely<DB>,
  scope: AnalyticsScope,
): Promise<{ activities: number; items: { key: string; value: number }[] }> {
  const s = scope.spaceId;
  const r = await sql<Record<string, unknown>>`
    WITH RECURSIVE ${scopeCtes(scope)}
    x AS (SELECT i.* FROM wbs_items i JOIN sv ON i.version_id = sv.version_id
          WHERE i.space_id = ${s} AND ${ACTIVITY}),
    rel AS (SELECT w.* FROM wbs_relations w JOIN sv ON w.version_id = sv.version_id WHERE w.space_id = ${s})
    SELECT
      (SELECT COUNT(*) FROM x) AS activities,
      (SELECT COUNT(*) FROM x WHERE NOT EXISTS (SELECT 1 FROM rel WHERE rel.version_id = x.version_id
        AND rel.succ_id = x.id)) AS no_predecessor,
      (SELECT COUNT(*) FROM x WHERE NOT EXISTS (SELECT 1 FROM rel WHERE rel.version_id = x.version_id
        AND rel.pred_id = x.id)) AS no_successor,
      (SELECT COUNT(*) FROM rel WHERE lag < 0) AS leads,
      (SELECT COUNT(*) FROM rel WHERE lag > 0) AS lags,
      (SELECT COUNT(*) FROM rel WHERE type <> 'fs') AS non_fs,
      (SELECT COUNT(*) FROM x WHERE start_limit_type IN ('not_later', 'in_date')
        OR finish_limit_type IN ('not_later', 'in_date')) AS hard_constraints,
      (SELECT COUNT(*) FROM x WHERE tf > 44 * 480) AS high_float,
      (SELECT COUNT(*) FROM x WHERE tf < 0) AS negative_float,
      (SELECT COUNT(*) FROM x WHERE duration > 44 * 480) AS high_duration,
      (SELECT COUNT(*) FROM x WHERE critical) AS critical`.execute(db);
  const c = r.rows[0]!;
  const keys = [
    'no_predecessor',
    'no_successor',
    'leads',
    'lags',
    'non_fs',
    'hard_constraints',
    'high_float',
    'negative_float',
    'high_duration',
    'critical',
  ];
  return { activities: num(c.activities), items: keys.map((key) => ({ key, value: num(c[key]) })) };
}

/** A facility's projects with money, resource cost and labour. */
export async function allCost(db: Kysely<DB>, spaceId: string, facilityId: string) {
  const children = await sql<{ id: string; name: string }>`
    SELECT id, name FROM eps_nodes WHERE space_id = ${spaceId} AND parent_id = ${facilityId}
      AND kind = 'project' ORDER BY sort_order, name`.execute(db);
  const items = [];
  for (const p of children.rows) {
    const s = await stats(db, { kind: 'node', spaceId, nodeId: p.id });
    items.push({ node_id: p.id, name: p.name, money: s.money, cost: s.cost, labour: s.labour });
  }
  return { items };
}
