// Cumulative values of amounts spread evenly over time, by period, in one SQL statement: the
// server's form of src/domain/analytics/spread.ts. Nothing is loaded row by row: the rows become
// "ramps" (series, start, finish, amount), each ramp two slope changes (+amount/length at its
// start, −amount/length at its finish; a ramp of no length a jump at its start), the period
// boundaries join as events of no change, and two window sums give the running slope and, from it,
// the integral just before each event. The work is a sort of 2 × rows + boundaries events, not
// rows × periods. Boundaries come from PostgreSQL's date_trunc over the engine's calendar-local
// minutes (weeks start on Monday, as the resources histogram's).
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { PeriodUnit } from '../../domain/analytics';
import type { DB } from '../db/schema';

/** More periods than a chart can show are not computed. */
export const MAX_PERIODS = 3000;

const STEP: Record<PeriodUnit, string> = {
  day: '1 day',
  week: '7 days',
  month: '1 month',
  quarter: '3 months',
  year: '1 year',
};

export interface SweepResult {
  /** Period boundaries: period k is [bounds[k], bounds[k+1]). */
  bounds: number[];
  /** Per series: the cumulative value at every boundary. */
  values: Map<string, number[]>;
}

/**
 * `ctes` are the statement's leading common table expressions (may be recursive), ending with a
 * comma; `ramps` a SELECT of (series text, s integer, f integer, a float8); `events` a SELECT of
 * slope changes already made (series text, t integer, ds float8, j float8) — the stored
 * summaries of analytics-summary.ts. Either may be null.
 */
export async function sweep(
  db: Kysely<DB>,
  ctes: RawBuilder<unknown>,
  ramps: RawBuilder<unknown> | null,
  unit: PeriodUnit,
  range: { from?: number | undefined; to?: number | undefined },
  events: RawBuilder<unknown> | null = null,
): Promise<SweepResult> {
  const step = STEP[unit];
  const r = await sql<{ series: string | null; t: number; v: number | null }>`
    WITH RECURSIVE ${ctes}
    raw (series, s, f, a) AS (${ramps ?? sql`SELECT NULL::text, NULL::integer, NULL::integer, NULL::float8 WHERE false`}),
    -- Rows sharing their dates are one ramp (a schedule's dates repeat: whole days, shared starts).
    ramps AS (SELECT series, s, f, SUM(a)::float8 AS a FROM raw GROUP BY series, s, f),
    ev0 (series, t, ds, j) AS (
      SELECT series, s,
             CASE WHEN f > s THEN a / (f - s) ELSE 0 END,
             CASE WHEN f > s THEN 0 ELSE a END
      FROM ramps
      UNION ALL
      SELECT series, f, -a / (f - s), 0 FROM ramps WHERE f > s
      ${events ? sql`UNION ALL SELECT * FROM (${events}) AS stored` : sql``}
    ),
    -- A ramp's last event is at the later of its ends: the events span what the ramps span.
    rng AS (
      SELECT COALESCE(${range.from ?? null}::integer, MIN(t)) AS lo,
             COALESCE(${range.to ?? null}::integer, MAX(t)) AS hi
      FROM ev0
    ),
    bounds AS (
      SELECT (EXTRACT(EPOCH FROM (g - TIMESTAMP '2000-01-01')) / 60)::integer AS t
      FROM rng, generate_series(
        date_trunc(${unit}, TIMESTAMP '2000-01-01' + rng.lo * INTERVAL '1 minute'),
        -- Through the first boundary after the last moment (a point there needs a period); with
        -- an explicit end, through the boundary at or after it.
        TIMESTAMP '2000-01-01' + rng.hi * INTERVAL '1 minute' + ${step}::interval
          - (CASE WHEN ${range.to ?? null}::integer IS NULL THEN INTERVAL '0' ELSE INTERVAL '1 minute' END),
        ${step}::interval) AS g
      WHERE rng.lo IS NOT NULL AND rng.hi >= rng.lo
      LIMIT ${MAX_PERIODS + 1}
    ),
    ev AS (
      SELECT series, t, ds, j FROM ev0
      UNION ALL
      SELECT k.series, b.t, 0, 0 FROM (SELECT DISTINCT series FROM ev0) k CROSS JOIN bounds b
    ),
    g AS (SELECT series, t, SUM(ds) AS ds, SUM(j) AS j FROM ev GROUP BY series, t),
    w AS (
      SELECT series, t, j,
             SUM(ds) OVER (PARTITION BY series ORDER BY t) AS slope,
             LEAD(t) OVER (PARTITION BY series ORDER BY t) - t AS dt
      FROM g
    ),
    c AS (
      SELECT series, t,
             SUM(j + slope * COALESCE(dt, 0)) OVER (
               PARTITION BY series ORDER BY t ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS v
      FROM w
    )
    SELECT NULL AS series, t, NULL AS v FROM bounds
    UNION ALL
    SELECT c.series, c.t, c.v FROM c JOIN bounds b ON b.t = c.t
    ORDER BY 1 NULLS FIRST, 2`.execute(db);
  const bounds: number[] = [];
  const values = new Map<string, number[]>();
  for (const row of r.rows) {
    if (row.series === null) {
      bounds.push(Number(row.t));
      continue;
    }
    let list = values.get(row.series);
    if (!list) values.set(row.series, (list = []));
    list.push(Number(row.v ?? 0));
  }
  return { bounds, values };
}
