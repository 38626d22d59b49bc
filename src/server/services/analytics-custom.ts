// The custom-cost graph: a number attribute of the rows spread like money — over each row's working
// time (its calendar, else the version's default), by day — plan from the working versions, target
// from the target versions. The graph reads the versions' stored summaries of the attribute
// (analytics-custom-summary.ts); this file holds the ramps both paths spread and the direct path:
// the day sums made per request (analytics-work-days.ts, the statement the summaries use) inside
// the sweep's own statement, for a key the space does not define as a number attribute and as
// the reference the summaries are checked against.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { scopeCtes } from './analytics-scope';
import type { AnalyticsScope } from './analytics-scope';
import { dayEventsSql, fallbackCalendar, storedOptionsOf, workCalendarsOf } from './analytics-work-days';
import type { WorkCalendars } from './analytics-work-days';

const ACTIVITY = sql`i.node_type NOT IN ('sum', 'draft')`;

/** Each version's calendar for rows without one of the space's, as JSON [{v, k}]. */
export async function fallbacksOf(
  db: Kysely<DB>,
  spaceId: string,
  cals: WorkCalendars,
  versions: readonly { id: string; dd: number | null }[],
): Promise<string> {
  const stored = await storedOptionsOf(
    db,
    spaceId,
    versions.map((v) => v.id),
  );
  return JSON.stringify(
    versions.map((v) => ({ v: v.id, k: fallbackCalendar(cals, stored.get(v.id), v.dd) })),
  );
}

/**
 * The attribute's ramps (key, cal, s, f, a, parts) for dayEventsSql: the activities with dates and
 * a number in the attribute, of the versions `keyed` (a SELECT of version_id, key) gives, each
 * keyed as it says. `fallbacks` is fallbacksOf's JSON for those versions, `ids` their ids: listed
 * in the statement, so the planner reads one version's rows by the index instead of scanning every
 * version's (it cannot count the rows `keyed` gives: 1.7 s per 10,000-row version of a 1.1M space
 * on PGlite).
 */
export function attributeRamps(
  spaceId: string,
  attribute: string,
  keyed: RawBuilder<unknown>,
  fallbacks: string,
  ids: readonly string[],
): RawBuilder<unknown> {
  return sql`
    WITH vs AS (${keyed}),
    fb AS (SELECT v::uuid AS version_id, k FROM jsonb_to_recordset(${fallbacks}::jsonb) AS x (v text, k text))
    SELECT vs.key, COALESCE(c.k, fb.k) AS cal, i.es AS s, i.ef AS f,
      (i.attributes ->> ${attribute})::float8 AS a, NULL::float8[] AS parts
    FROM vs JOIN fb ON fb.version_id = vs.version_id
      JOIN wbs_items i ON i.space_id = ${spaceId} AND i.version_id = vs.version_id
      LEFT JOIN cal_def c ON c.k = i.calendar_id::text
    WHERE i.version_id IN (${sql.join(ids)}) AND ${ACTIVITY} AND i.es IS NOT NULL AND i.ef IS NOT NULL
      AND jsonb_typeof(i.attributes -> ${attribute}) = 'number'`;
}

/**
 * The attribute's day sums computed from the rows (series, t, ds, j) — plan of the scope's working
 * versions, target of its targets — or null when no version is in scope. The SQL reads the sweep
 * statement's CTEs sv and tv (scopeCtes).
 */
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
  const fallbacks = await fallbacksOf(db, scope.spaceId, cals, versions.rows);
  const keyed = sql`SELECT version_id, 'plan' AS key FROM sv UNION ALL SELECT version_id, 'target' FROM tv`;
  const ids = versions.rows.map((v) => v.id);
  const ramps = attributeRamps(scope.spaceId, attribute, keyed, fallbacks, ids);
  return sql`SELECT key AS series, t, 0::float8 AS ds, j FROM (${dayEventsSql(ramps, cals)}) AS c`;
}
