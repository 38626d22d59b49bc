// The custom-cost graph: a number attribute of the rows spread like money — over each row's working
// time (its calendar, else the version's default), by day — plan from the working versions, target
// from the target versions. An attribute is chosen per request, so it has no stored summary: the
// day sums are made in SQL per request (analytics-work-days.ts, the statement the summaries use),
// inside the sweep's own statement; the process sends it and reads the periods.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { scopeCtes } from './analytics-scope';
import type { AnalyticsScope } from './analytics-scope';
import { dayEventsSql, fallbackCalendar, storedOptionsOf, workCalendarsOf } from './analytics-work-days';

const ACTIVITY = sql`i.node_type NOT IN ('sum', 'draft')`;

/** The attribute's day sums as sweep events (series, t, ds, j), or null when no version is in scope. */
export async function customCostEvents(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  attribute: string,
): Promise<RawBuilder<unknown> | null> {
  const versions = await sql<{ id: string; dd: number | null }>`
    WITH RECURSIVE ${scopeCtes(scope)}
    x AS (SELECT version_id FROM sv UNION SELECT version_id FROM tv)
    SELECT v.id::text AS id, v.data_date AS dd FROM x JOIN versions v ON v.id = x.version_id
    WHERE v.space_id = ${scope.spaceId}`.execute(db);
  if (versions.rows.length === 0) return null;
  const cals = await workCalendarsOf(db, scope.spaceId);
  const stored = await storedOptionsOf(
    db,
    scope.spaceId,
    versions.rows.map((v) => v.id),
  );
  // Each version's calendar for rows without one of the space's.
  const fallbacks = JSON.stringify(
    versions.rows.map((v) => ({ v: v.id, k: fallbackCalendar(cals, stored.get(v.id), v.dd) })),
  );
  // sv and tv are the sweep statement's own CTEs (scopeCtes).
  const ramps = sql`
    WITH vs AS (
      SELECT version_id, 'plan' AS series FROM sv UNION ALL SELECT version_id, 'target' FROM tv
    ),
    fb AS (SELECT v::uuid AS version_id, k FROM jsonb_to_recordset(${fallbacks}::jsonb) AS x (v text, k text))
    SELECT vs.series AS key, COALESCE(c.k, fb.k) AS cal, i.es AS s, i.ef AS f,
      (i.attributes ->> ${attribute})::float8 AS a, NULL::float8[] AS parts
    FROM vs JOIN fb ON fb.version_id = vs.version_id
      JOIN wbs_items i ON i.space_id = ${scope.spaceId} AND i.version_id = vs.version_id
      LEFT JOIN cal_def c ON c.k = i.calendar_id::text
    WHERE ${ACTIVITY} AND i.es IS NOT NULL AND i.ef IS NOT NULL
      AND jsonb_typeof(i.attributes -> ${attribute}) = 'number'`;
  return sql`SELECT key AS series, t, 0::float8 AS ds, j FROM (${dayEventsSql(ramps, cals)}) AS c`;
}
