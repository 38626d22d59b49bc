// The custom-cost graph: a number attribute of the rows spread like money — over each row's working
// time (its calendar, else the version's default), by day, with the helper the stored summaries
// use (domain/analytics/work-spread.ts) — plan from the working versions, target from the target
// versions. An attribute is chosen per request, so it has no stored summary: the rows are read a
// page at a time, those sharing calendar and dates summed in SQL first, and the process holds one
// page and the day sums; the sweep then reads the day sums as events.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { SeriesDays } from '../../domain/analytics';
import type { DB } from '../db/schema';
import { scopeCtes } from './analytics-scope';
import type { AnalyticsScope } from './analytics-scope';
import { workTimesOf } from './analytics-summary';

const PAGE = 2000;
const ACTIVITY = sql`i.node_type NOT IN ('sum', 'draft')`;

interface Ramp {
  cal: string;
  es: number;
  ef: number;
  a: number;
}

/** The day sums of the attribute as sweep events (series, t, ds, j), or null when no row has it. */
export async function customCostEvents(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  attribute: string,
): Promise<RawBuilder<unknown> | null> {
  const versions = await sql<{ id: string; dd: number | null; series: string }>`
    WITH RECURSIVE ${scopeCtes(scope)}
    x AS (SELECT version_id, 'plan' AS series FROM sv UNION ALL SELECT version_id, 'target' FROM tv)
    SELECT v.id::text AS id, v.data_date AS dd, x.series FROM x JOIN versions v ON v.id = x.version_id
    WHERE v.space_id = ${scope.spaceId} ORDER BY v.id`.execute(db);
  const days = new SeriesDays();
  for (const v of versions.rows) {
    const timeOf = await workTimesOf(db, scope.spaceId, v.id, v.dd);
    let after: Ramp | null = null;
    for (;;) {
      const page: { rows: Ramp[] } = await sql<Ramp>`
        SELECT COALESCE(i.calendar_id::text, '') AS cal, i.es, i.ef,
          SUM((i.attributes ->> ${attribute})::float8) AS a
        FROM wbs_items i
        WHERE i.space_id = ${scope.spaceId} AND i.version_id = ${v.id} AND ${ACTIVITY}
          AND i.es IS NOT NULL AND i.ef IS NOT NULL AND jsonb_typeof(i.attributes -> ${attribute}) = 'number'
          ${after ? sql`AND (COALESCE(i.calendar_id::text, ''), i.es, i.ef) > (${after.cal}, ${after.es}::integer, ${after.ef}::integer)` : sql``}
        GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3 LIMIT ${PAGE}`.execute(db);
      for (const r of page.rows)
        days.add(v.series, {
          start: Number(r.es),
          finish: Number(r.ef),
          amount: Number(r.a),
          between: timeOf(r.cal === '' ? null : r.cal),
        });
      if (page.rows.length < PAGE) break;
      after = page.rows[page.rows.length - 1]!;
    }
  }
  const events = days.events();
  if (events.length === 0) return null;
  const values = events.map((e) => sql`(${e.series}, ${e.t}::integer, 0::float8, ${e.j}::float8)`);
  return sql`SELECT * FROM (VALUES ${sql.join(values)}) AS c (series, t, ds, j)`;
}
