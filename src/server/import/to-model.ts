// A version in the database → the engine's schedule model, for export and for the server's
// timetable calculation: items in tree order, relations, the space calendars they use, and the
// extras an import kept (so an imported schedule exports as it came in). Each item becomes an
// activity through the domain's activityOfRow, as the workbench's toScheduleModel builds it
// (src/domain/wbs/activity.ts): an extra is used only while the row still says the same thing (a
// limit edited in the workbench wins), rows with progress but no actual dates get the ones their
// progress implies, so the browser and the server calculate the same dates.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { calendarDefOf } from '../../api/calendars';
import { CalendarIndexCache, standardCalendarDef } from '../../domain/calendar';
import { defaultCalendarOf, versionScheduleOptions } from '../../domain/schedule';
import type {
  Activity,
  CalendarDef,
  LagCalendar,
  ScheduleModel,
  ScheduleOptions,
} from '../../domain/schedule';
import { activityOfRow } from '../../domain/wbs/activity';
import type { ScheduledRow } from '../../domain/wbs/activity';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { scheduleOfExtras } from './to-rows';
import type { ItemExtras } from './to-rows';

type Row = {
  id: string;
  parent_id: string | null;
  order_key: string;
  node_type: Activity['nodeType'];
  code: string;
  name: string;
  calendar_id: string | null;
  duration: number;
  remaining: number;
  actual_start: number | null;
  actual_finish: number | null;
  percent: number;
  start_limit_type: 'not_earlier' | 'not_later' | 'in_date' | null;
  start_limit_date: number | null;
  finish_limit_type: 'not_earlier' | 'not_later' | 'in_date' | null;
  finish_limit_date: number | null;
  attributes: Record<string, unknown>;
  es: number | null;
  ef: number | null;
  ls: number | null;
  lf: number | null;
  tf: number | null;
  ff: number | null;
  critical: boolean | null;
};

const attrs = (a: Record<string, unknown>): Record<string, string | number | null> => {
  const out: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(a)) {
    out[k] = typeof v === 'string' || typeof v === 'number' || v === null ? v : JSON.stringify(v);
  }
  return out;
};

export function rowsToModel(
  rows: Row[],
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
  const children = new Map<string | null, Row[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const parent = r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(r);
    children.set(parent, list);
  }
  const activities: Activity[] = [];
  const calendarIds = new Set(calendars.map((c) => c.id));
  // Working time of the calendars rows with implied actual dates use, laid out once each.
  const calendarIndex = new CalendarIndexCache().lookup(calendars);
  // Order keys compare as plain strings (byte order), as the contract says.
  const sorted = (parent: string | null) =>
    (children.get(parent) ?? []).sort((a, b) =>
      a.order_key < b.order_key ? -1 : a.order_key > b.order_key ? 1 : 0,
    );
  // Preorder with an explicit stack (imported trees can be deep).
  const stack: { row: Row; order: number }[] = [];
  const pushChildren = (parent: string | null) => {
    const kids = sorted(parent);
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ row: kids[i]!, order: i });
  };
  pushChildren(null);
  while (stack.length) {
    const { row: r, order } = stack.pop()!;
    const parentId = r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null;
    const calendarId =
      r.calendar_id && calendarIds.has(r.calendar_id) ? r.calendar_id : options.defaultCalendarId;
    const sched = scheduleOfExtras(meta.itemExtras[r.id]);
    // The stored item read as the workbench's row: the same activity as the browser's.
    const row: ScheduledRow = {
      id: r.id,
      name: r.name,
      nodeType: r.node_type,
      calendarId: r.calendar_id,
      duration: r.duration,
      remaining: r.remaining,
      startLimitType: r.start_limit_type,
      startLimitDate: r.start_limit_date,
      finishLimitType: r.finish_limit_type,
      finishLimitDate: r.finish_limit_date,
      actualStart: r.actual_start,
      actualFinish: r.actual_finish,
      percentComplete: r.percent,
      attributes: attrs(r.attributes),
      ...(sched ? { sched } : {}),
    };
    activities.push({
      ...activityOfRow(row, {
        parentId,
        order,
        code: r.code,
        calendarId,
        dataDate: options.dataDate,
        calendarIndex,
      }),
      stored: { es: r.es, ef: r.ef, ls: r.ls, lf: r.lf, tf: r.tf, ff: r.ff, critical: r.critical },
    });
    pushChildren(r.id);
  }
  return {
    source: meta.source,
    projectName: meta.projectName,
    calendars,
    activities,
    relations: relations.map((r) => {
      const lagCalendar = meta.relationExtras[r.id]?.lagCalendar as LagCalendar | undefined;
      return {
        id: r.id,
        predId: r.pred_id,
        succId: r.succ_id,
        type: r.type,
        lag: r.lag,
        ...(lagCalendar ? { lagCalendar } : {}),
      };
    }),
    options,
    resources: [],
    assignments: [],
    attributeDefs: meta.attributeDefs,
  };
}

type Relation = {
  id: string;
  pred_id: string;
  succ_id: string;
  type: 'fs' | 'ss' | 'ff' | 'sf';
  lag: number;
};

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

/** Reads a version of the space as a model (404 when it is not there). */
export async function loadVersionModel(db: Kysely<DB>, spaceId: string, versionId: string) {
  const version = await db
    .selectFrom('versions')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('id', '=', versionId)
    .executeTakeFirst();
  if (!version) throw notFound('version');
  const [items, relations, meta, spaceCalendars, resources, assignments] = await Promise.all([
    jsonRows<Row>(db, 'wbs_items', spaceId, versionId),
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
  ]);
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
    .map((a) => ({ id: a.id, activityId: a.wbs_id, resourceId: a.resource_id, units: a.units }));
  return { version, model };
}
