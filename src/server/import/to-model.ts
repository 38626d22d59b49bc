// A version in the database → the engine's schedule model, for export and for the server's
// timetable calculation. The stored items are read as the workbench's rows (rowFromItem) and go
// through the domain's toScheduleModel, as in the browser, so the server exports and calculates
// what the workbench shows: the same tree order, codes (an imported one, else the outline number),
// calendars and activities (activityOfRow: an extra an import kept is used only while the row
// still says the same thing, progress without actual dates implies them). Draft rows are kept
// here (export writes them); Calculate leaves them out (calc-job.ts withoutDrafts).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { calendarDefOf } from '../../api/calendars';
import type { WbsItem, WbsRelation as ApiRelation } from '../../api/versions';
import { relationFromApi, rowFromItem } from '../../api/wbs-rows';
import { CalendarIndexCache, standardCalendarDef } from '../../domain/calendar';
import { defaultCalendarOf, versionScheduleOptions } from '../../domain/schedule';
import type { CalendarDef, LagCalendar, ScheduleModel, ScheduleOptions } from '../../domain/schedule';
import { toScheduleModel } from '../../domain/wbs/schedule-model';
import type { RowId, WbsRelation, WbsRow } from '../../domain/wbs/types';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { scheduleOfExtras } from './to-rows';
import type { ItemExtras } from './to-rows';
import { curveField } from '../../domain/resources/curve-import';
import type { CurveKind } from '../../domain/resources/curves';

/** A wbs_items row as read (an import's rows, not yet stored, have no volume or price). */
type Item = Omit<WbsItem, 'sched' | 'volume' | 'price'> & Partial<Pick<WbsItem, 'volume' | 'price'>>;

/** A wbs_relations row as read (its lag calendar is an import's extra, in the version model). */
type Relation = Omit<ApiRelation, 'lag_calendar'>;

/** A version's stored items and relations (with an import's extras) → the engine's model. */
export function rowsToModel(
  items: Item[],
  relations: Relation[],
  calendars: CalendarDef[],
  options: ScheduleOptions,
  meta: {
    source: string;
    projectName: string;
    itemExtras: Record<string, ItemExtras>;
    relationExtras: Record<string, { lagCalendar?: string }>;
    attributeDefs: Record<string, string>;
  },
): ScheduleModel {
  const byId = new Map(items.map((i) => [i.id, i]));
  const rows = new Map<RowId, WbsRow>();
  for (const i of items) {
    // A row whose parent is not in the version is read as top level (toScheduleModel would skip it).
    const parent_id = i.parent_id !== null && byId.has(i.parent_id) ? i.parent_id : null;
    const sched = scheduleOfExtras(meta.itemExtras[i.id]);
    const item = { ...i, parent_id, volume: i.volume ?? null, price: i.price ?? null, sched };
    rows.set(i.id, rowFromItem(item));
  }
  const links = new Map<string, WbsRelation>();
  for (const r of relations) {
    const lag_calendar = (meta.relationExtras[r.id]?.lagCalendar ?? null) as LagCalendar | null;
    links.set(r.id, relationFromApi({ ...r, lag_calendar }));
  }
  const model = toScheduleModel(rows, links, calendars, {
    ...options,
    projectName: meta.projectName,
    includeDrafts: true,
    // Working time of the calendars rows with implied actual dates use, laid out once each.
    calendarIndex: new CalendarIndexCache().lookup(calendars),
  });
  // The dates the last calculation stored: the XER and PDF writers write them as they are.
  for (const a of model.activities) {
    const { es, ef, ls, lf, tf, ff, critical } = byId.get(a.id)!;
    a.stored = { es, ef, ls, lf, tf, ff, critical };
  }
  model.source = meta.source;
  model.attributeDefs = meta.attributeDefs;
  return model;
}

/**
 * All rows of a version's table as one JSON text: on PGlite, turning 10k rows into objects row by
 * row costs several times more than parsing one aggregate.
 */
async function jsonRows<T>(
  db: Kysely<DB>,
  table: 'wbs_items' | 'wbs_relations',
  spaceId: string,
  versionId: string,
): Promise<T[]> {
  const { rows } = await sql<{ rows: string }>`SELECT coalesce(json_agg(t), '[]')::text AS rows
    FROM ${sql.table(table)} t WHERE t.space_id = ${spaceId} AND t.version_id = ${versionId}`.execute(db);
  return JSON.parse(rows[0]?.rows ?? '[]') as T[];
}

/** The options an import stored for a version (null: none, the workbench's defaults apply). */
export async function storedScheduleOptions(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
): Promise<ScheduleOptions | null> {
  const row = await db
    .selectFrom('version_models')
    .select('options')
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  return row ? (row.options as unknown as ScheduleOptions) : null;
}

/**
 * Reads a version of the space as a model (404 when it is not there). `hidden`: attribute keys
 * left out of every row (an export for a role that may not see them).
 */
export async function loadVersionModel(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  hidden: readonly string[] = [],
) {
  const version = await db
    .selectFrom('versions')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('id', '=', versionId)
    .executeTakeFirst();
  if (!version) throw notFound('version');
  const [items, relations, meta, spaceCalendars, resources, assignments, levelled] = await Promise.all([
    jsonRows<Item>(db, 'wbs_items', spaceId, versionId),
    jsonRows<Relation>(db, 'wbs_relations', spaceId, versionId),
    db
      .selectFrom('version_models')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .executeTakeFirst(),
    db.selectFrom('calendars').selectAll().where('space_id', '=', spaceId).execute(),
    db
      .selectFrom('version_resources')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .execute(),
    db
      .selectFrom('version_assignments')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .execute(),
    db
      .selectFrom('levelled_starts')
      .select(['wbs_id', 'start'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .execute(),
  ]);
  if (hidden.length)
    for (const i of items)
      if (i.attributes)
        i.attributes = Object.fromEntries(Object.entries(i.attributes).filter(([k]) => !hidden.includes(k)));
  // The calendars the version uses, plus the space default.
  const used = new Set(items.map((i) => i.calendar_id).filter((id): id is string => id !== null));
  for (const x of Object.values(meta?.item_extras ?? {}))
    for (const id of (x as ItemExtras).resourceCalendarIds ?? []) used.add(id);
  for (const r of resources) if (r.calendar_id) used.add(r.calendar_id);
  // The options the workbench's worker takes too (versionScheduleOptions): the stored ones with
  // the version's data date, on a default calendar the space still has.
  const spaceDefs = spaceCalendars.map(calendarDefOf);
  const options = versionScheduleOptions(
    meta ? (meta.options as unknown as ScheduleOptions) : null,
    version.data_date,
    spaceDefs,
  );
  // The version's levelling is an input of every calculation until it is cleared (levelledStarts).
  if (levelled.length) options.levelledStarts = Object.fromEntries(levelled.map((r) => [r.wbs_id, r.start]));
  used.add(options.defaultCalendarId);
  const fallback = defaultCalendarOf(spaceDefs);
  if (fallback) used.add(fallback.id);
  const calendars = spaceDefs.filter((c) => used.has(c.id));
  if (calendars.length === 0) calendars.push(standardCalendarDef('standard'));
  const model = rowsToModel(items, relations, calendars, options, {
    source: meta?.source ?? 'product',
    projectName: meta?.project_name ?? '',
    itemExtras: (meta?.item_extras ?? {}) as Record<string, ItemExtras>,
    relationExtras: meta?.relation_extras ?? {},
    attributeDefs: meta?.attribute_defs ?? {},
  });
  const resourceIds = new Set(resources.map((r) => r.id));
  model.resources = resources.map((r) => ({
    id: r.id,
    name: r.name,
    calendarId: r.calendar_id,
    ...(r.kind ? { kind: r.kind } : {}),
  }));
  model.assignments = assignments
    .filter((a) => resourceIds.has(a.resource_id))
    .map((a) => ({
      id: a.id,
      activityId: a.wbs_id,
      resourceId: a.resource_id,
      units: a.units,
      ...curveField({ kind: a.curve as CurveKind, ...(a.curve_values ? { values: a.curve_values } : {}) }),
    }));
  return { version, model };
}
