// A version in the database → the engine's schedule model, for export and for the server's
// timetable calculation: items in tree order, relations, the space calendars they use, and the
// extras an import kept (so an imported schedule exports as it came in). An extra is used only
// while the row still says the same thing (a limit edited in the workbench wins).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { standardCalendarDef } from '../../domain/calendar';
import { dayStartMinutes, defaultScheduleOptions } from '../../domain/schedule';
import type {
  Activity,
  CalendarDef,
  Constraint,
  LagCalendar,
  ScheduleModel,
  ScheduleOptions,
} from '../../domain/schedule';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { DEFAULT_KIND, columnsHoldConstraints } from './to-rows';
import type { ItemExtras } from './to-rows';

/** Options for a version that was not imported: the workbench's defaults (P6 semantics). */
export function defaultOptions(dataDate: number | null, defaultCalendarId: string): ScheduleOptions {
  return defaultScheduleOptions(dataDate ?? dayStartMinutes(new Date()), defaultCalendarId);
}

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

function columnConstraints(r: Row): Constraint[] {
  const out: Constraint[] = [];
  if (r.start_limit_type && r.start_limit_date !== null)
    out.push({ on: 'start', type: r.start_limit_type, date: r.start_limit_date });
  if (r.finish_limit_type && r.finish_limit_date !== null)
    out.push({ on: 'finish', type: r.finish_limit_type, date: r.finish_limit_date });
  return out;
}

/** The extras' constraints while the columns still show them (mandatory reads as in_date). */
function constraintsOf(r: Row, x: ItemExtras | undefined): Constraint[] {
  const cols = columnConstraints(r);
  if (!x?.constraints || columnsHoldConstraints(x.constraints)) return cols;
  const shown = (on: 'start' | 'finish') => {
    const c = x.constraints!.find((k) => k.on === on);
    return c ? `${c.type === 'mandatory' ? 'in_date' : c.type}@${c.date}` : '';
  };
  const col = (on: 'start' | 'finish') => {
    const c = cols.find((k) => k.on === on);
    return c ? `${c.type}@${c.date}` : '';
  };
  return shown('start') === col('start') && shown('finish') === col('finish') ? x.constraints : cols;
}

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
    const x = meta.itemExtras[r.id];
    activities.push({
      id: r.id,
      code: r.code,
      name: r.name,
      parentId: r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null,
      order,
      nodeType: r.node_type,
      kind: x?.kind ?? DEFAULT_KIND[r.node_type],
      calendarId: r.calendar_id && calendarIds.has(r.calendar_id) ? r.calendar_id : options.defaultCalendarId,
      duration: r.duration,
      remaining: r.remaining,
      actualStart: r.actual_start,
      actualFinish: r.actual_finish,
      percentComplete: r.percent,
      constraints: constraintsOf(r, x),
      alap: x?.alap ?? false,
      ...(x?.external ? { external: x.external } : {}),
      ...(x?.manual ? { manual: true } : {}),
      ...(x?.resourceCalendarIds ? { resourceCalendarIds: x.resourceCalendarIds } : {}),
      ...(x?.plannedStart !== undefined ? { plannedStart: x.plannedStart } : {}),
      ...(x?.plannedFinish !== undefined ? { plannedFinish: x.plannedFinish } : {}),
      attributes: attrs(r.attributes),
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

const toDef = (c: {
  id: string;
  name: string;
  week: CalendarDef['week'];
  exceptions: CalendarDef['exceptions'];
  hours_per_day: number;
  hours_per_week: number;
  hours_per_month: number;
  is_default: boolean;
}): CalendarDef => ({
  id: c.id,
  name: c.name,
  week: c.week,
  exceptions: c.exceptions,
  hoursPerDay: c.hours_per_day,
  hoursPerWeek: c.hours_per_week,
  hoursPerMonth: c.hours_per_month,
  isDefault: c.is_default,
});

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
  const fallback = spaceCalendars.find((c) => c.is_default) ?? spaceCalendars[0];
  const metaDefault = (meta?.options as Partial<ScheduleOptions> | undefined)?.defaultCalendarId;
  if (metaDefault) used.add(metaDefault);
  if (fallback) used.add(fallback.id);
  const calendars = spaceCalendars.filter((c) => used.has(c.id)).map(toDef);
  if (calendars.length === 0) calendars.push(standardCalendarDef('standard'));
  const defaultId =
    metaDefault && calendars.some((c) => c.id === metaDefault)
      ? metaDefault
      : (fallback?.id ?? calendars[0]!.id);
  const options: ScheduleOptions = meta
    ? { ...(meta.options as unknown as ScheduleOptions), defaultCalendarId: defaultId }
    : defaultOptions(version.data_date, defaultId);
  if (version.data_date !== null) options.dataDate = version.data_date;
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
