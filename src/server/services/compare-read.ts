// A version's compared side read from its rows (docs/versions.md, "Performance"): a calculated
// version is read narrowly (readStoredSide) — only the columns compare needs, each aggregated into
// one JSON array by the database, one text per table instead of a row object per row (row objects
// one by one cost several times more on PGlite), no engine model built — and the key every form
// of a side is kept under (sideKey: the version's stamps, state and data date, the calendars).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { standardCalendarDef } from '../../domain/calendar';
import { defaultCalendarOf, versionScheduleOptions } from '../../domain/schedule';
import type { Constraint, ScheduleOptions } from '../../domain/schedule';
import type { CompareSide } from '../../domain/versions/compare';
import { compareSideOfColumns } from '../../domain/versions/compare-columns';
import type { StoredRowColumns } from '../../domain/versions/compare-columns';
import type { NodeType } from '../../domain/wbs/types';
import type { DB } from '../db/schema';
import { notFound } from '../errors';

/** A row's rare columns: start limit type and date, finish limit type and date, attribute values. */
type SparseItem = StoredRowColumns['sparse'] extends ReadonlyMap<string, infer V> ? V : never;

/** One text: a JSON array of JSON arrays, the columns of a table (null for no rows). */
const parseColumns = (text: string | undefined, count: number): unknown[][] => {
  const cols = JSON.parse(text ?? 'null') as (unknown[] | null)[] | null;
  return Array.from({ length: count }, (_, k) => cols?.[k] ?? []);
};

/**
 * A calculated version's side, read narrowly: its rows' compared columns, relations, assignments
 * (with the resource's name), the constraints an import kept, and the calendar each row is
 * compared on — as loadVersionModel + compareSideOf(…, 'stored', …) would give them.
 */
export async function readStoredSide(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  dataDate: number | null,
): Promise<CompareSide> {
  const where = sql`space_id = ${spaceId} AND version_id = ${versionId}`;
  const [items, relations, assignments, meta, resourceCalendars, spaceCalendars] = await Promise.all([
    // Dense columns one array each; the rare ones (limits, attribute values) by row id, only where set.
    sql<{ c: string }>`SELECT json_build_array(json_agg(id), json_agg(parent_id), json_agg(order_key),
        json_agg(node_type), json_agg(code), json_agg(name), json_agg(calendar_id), json_agg(duration),
        json_agg(percent), json_agg(es), json_agg(ef), json_agg(tf), json_agg(critical),
        json_object_agg(id, json_build_array(start_limit_type, start_limit_date, finish_limit_type,
          finish_limit_date, CASE WHEN attributes = '{}'::jsonb THEN NULL ELSE attributes END))
          FILTER (WHERE start_limit_type IS NOT NULL OR finish_limit_type IS NOT NULL
            OR attributes <> '{}'::jsonb))::text AS c
      FROM wbs_items WHERE ${where}`.execute(db),
    sql<{ c: string }>`SELECT json_build_array(json_agg(pred_id), json_agg(succ_id), json_agg(type),
        json_agg(lag))::text AS c FROM wbs_relations WHERE ${where}`.execute(db),
    sql<{
      c: string;
    }>`SELECT json_build_array(json_agg(a.wbs_id), json_agg(r.name), json_agg(a.units))::text AS c
      FROM version_assignments a JOIN version_resources r
        ON r.space_id = a.space_id AND r.version_id = a.version_id AND r.id = a.resource_id
      WHERE a.space_id = ${spaceId} AND a.version_id = ${versionId}`.execute(db),
    // Of an import's extras only what compare reads: kept constraints, resource calendars.
    sql<{ options: string | null; constraints: string | null; calendars: string | null }>`SELECT
        (SELECT options::text FROM version_models WHERE ${where}) AS options,
        (SELECT json_object_agg(e.key, e.value -> 'constraints')::text
          FROM version_models m, jsonb_each(m.item_extras) e
          WHERE m.space_id = ${spaceId} AND m.version_id = ${versionId} AND e.value ? 'constraints') AS constraints,
        (SELECT json_agg(c)::text FROM version_models m, jsonb_each(m.item_extras) e,
            jsonb_array_elements_text(e.value -> 'resourceCalendarIds') c
          WHERE m.space_id = ${spaceId} AND m.version_id = ${versionId}
            AND jsonb_typeof(e.value -> 'resourceCalendarIds') = 'array') AS calendars`.execute(db),
    db
      .selectFrom('version_resources')
      .select('calendar_id')
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('calendar_id', 'is not', null)
      .execute(),
    db.selectFrom('calendars').select(['id', 'name', 'is_default']).where('space_id', '=', spaceId).execute(),
  ]);
  const c = parseColumns(items.rows[0]?.c, 14);
  const sparse = (c[13] as unknown as Record<string, SparseItem> | undefined) ?? {};
  const rows: StoredRowColumns = {
    id: c[0] as string[],
    parentId: c[1] as (string | null)[],
    orderKey: c[2] as string[],
    nodeType: c[3] as NodeType[],
    code: c[4] as string[],
    name: c[5] as string[],
    calendarId: c[6] as (string | null)[],
    duration: c[7] as number[],
    percent: c[8] as number[],
    es: c[9] as (number | null)[],
    ef: c[10] as (number | null)[],
    tf: c[11] as (number | null)[],
    critical: c[12] as (boolean | null)[],
    sparse: new Map(Object.entries(sparse)),
  };
  const m = meta.rows[0];
  // The calendars the model would hold (loadVersionModel): those the version uses, the default
  // and the space's fallback; a row on a calendar not among them is on the default.
  const defs = spaceCalendars.map((k) => ({ id: k.id, name: k.name, isDefault: k.is_default }));
  const options = versionScheduleOptions(
    m?.options ? (JSON.parse(m.options) as ScheduleOptions) : null,
    dataDate,
    defs,
  );
  const used = new Set<string>();
  for (const id of rows.calendarId) if (id !== null) used.add(id);
  for (const id of JSON.parse(m?.calendars ?? '[]') as string[]) used.add(id);
  for (const r of resourceCalendars) if (r.calendar_id) used.add(r.calendar_id);
  used.add(options.defaultCalendarId);
  const fallback = defaultCalendarOf(defs);
  if (fallback) used.add(fallback.id);
  const inModel = defs.filter((k) => used.has(k.id));
  const calendars: { id: string; name: string }[] = inModel.length
    ? inModel
    : [standardCalendarDef('standard')];
  const name = new Map(calendars.map((k) => [k.id, k.name]));
  const defaultName = name.get(options.defaultCalendarId) ?? options.defaultCalendarId;
  const calendarOf = (id: string | null) => (id !== null && name.has(id) ? name.get(id)! : defaultName);
  const kept = JSON.parse(m?.constraints ?? '{}') as Record<string, Constraint[] | null>;
  const keptConstraints = new Map<string, Constraint[]>();
  for (const [id, cs] of Object.entries(kept)) if (Array.isArray(cs)) keptConstraints.set(id, cs);
  const r = parseColumns(relations.rows[0]?.c, 4);
  const a = parseColumns(assignments.rows[0]?.c, 3);
  return compareSideOfColumns({
    rows,
    keptConstraints,
    calendarOf,
    relations: {
      predId: r[0] as string[],
      succId: r[1] as string[],
      type: r[2] as string[],
      lag: r[3] as number[],
    },
    assignments: { rowId: a[0] as string[], resource: a[1] as string[], units: a[2] as number[] },
  });
}

/** What a version's side is read under: its stamps, state and data date, the space's calendars. */
export async function sideKey(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
): Promise<{ key: string; dates: 'stored' | 'scheduled'; dataDate: number | null }> {
  // The version row is read before its rows, so a calculated state covers the rows read; its
  // stamps (and the space's calendars) key the side kept from an earlier call (compare-cache.ts).
  const [version, calendars] = await Promise.all([
    db
      .selectFrom('versions')
      .select(['timetable_state', 'data_date', 'content_stamp', 'analytics_stamp'])
      .where('space_id', '=', spaceId)
      .where('id', '=', versionId)
      .executeTakeFirst(),
    sql<{
      k: string | null;
    }>`SELECT string_agg(id || ':' || name || ':' || is_default::text, '|' ORDER BY id) AS k
      FROM calendars WHERE space_id = ${spaceId}`.execute(db),
  ]);
  if (!version) throw notFound('version');
  const dates = version.timetable_state === 'calculated' ? 'stored' : 'scheduled';
  const key = [
    versionId,
    dates,
    version.content_stamp,
    version.analytics_stamp,
    version.data_date,
    calendars.rows[0]?.k ?? '',
  ].join('\u0001');
  return { key, dates, dataDate: version.data_date };
}
