// Puts a parsed and scheduled model into the database as a new, calculated version of a schedule:
// calendars, WBS items, relations, the model's extras, resources and assignments. The caller runs
// it inside one transaction, so a failure or a stop leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ScheduleModel, ScheduleResult } from '../../domain/schedule';
import type { DB } from '../db/schema';
import { analyzeContent } from '../services/content';
import { insertVersion } from '../services/eps';
import { ensureCalendars, safeName } from './calendars';
import { landVersionResources } from '../routes/resources-land';
import { modelToRows } from './to-rows';
import { getBulkMode, unnestRows } from '../db/bulk';
import type { BulkColumn } from '../db/bulk';

// 28 columns × 1000 rows stays well under PostgreSQL's 65,535 parameters per statement.
const BATCH = 1000;
// Rows per set-based statement: a progress step and a stop check each.
const WRITE_BATCH = 10_000;

/** The columns of wbs_items an import writes, in the table's terms. */
const ITEM_COLUMNS: readonly BulkColumn[] = [
  ['id', 'uuid'],
  ['parent_id', 'uuid'],
  ['order_key', 'text'],
  ['node_type', 'text'],
  ['code', 'text'],
  ['name', 'text'],
  ['calendar_id', 'uuid'],
  ['duration', 'integer'],
  ['remaining', 'integer'],
  ['actual_start', 'integer'],
  ['actual_finish', 'integer'],
  ['percent', 'real'],
  ['start_limit_type', 'text'],
  ['start_limit_date', 'integer'],
  ['finish_limit_type', 'text'],
  ['finish_limit_date', 'integer'],
  ['attributes', 'jsonb'],
  ['es', 'integer'],
  ['ef', 'integer'],
  ['ls', 'integer'],
  ['lf', 'integer'],
  ['tf', 'integer'],
  ['ff', 'integer'],
  ['critical', 'boolean'],
];
const RELATION_COLUMNS: readonly BulkColumn[] = [
  ['id', 'uuid'],
  ['pred_id', 'uuid'],
  ['succ_id', 'uuid'],
  ['type', 'text'],
  ['lag', 'integer'],
];
const names = (cols: readonly BulkColumn[]) => cols.map(([n]) => `"${n}"`).join(', ');

/**
 * The statement before issue 29's pass: the rows as one JSON text unpacked by
 * jsonb_to_recordset, 2,500 rows a statement. Kept for benchmarks/wbs-bulk.ts's baseline.
 */
async function insertJson(
  tx: Kysely<DB>,
  spaceId: string,
  versionId: string,
  table: 'wbs_items' | 'wbs_relations',
  cols: readonly BulkColumn[],
  rows: readonly object[],
) {
  for (let i = 0; i < rows.length; i += 2500)
    await sql`INSERT INTO ${sql.table(table)} (space_id, version_id, ${sql.raw(names(cols))})
      SELECT ${spaceId}, ${versionId}, r.* FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 2500))}::jsonb)
        AS r(${sql.raw(cols.map(([n, t]) => `"${n}" ${t}`).join(', '))})`.execute(tx);
}

export interface WriteVersionInput {
  spaceId: string;
  scheduleId: string;
  label: string;
  model: ScheduleModel;
  result: ScheduleResult;
  /** Called after each batch with the share of rows written (0–1); may throw to stop. */
  onRows?: (share: number) => void;
}

/** Bulk loads larger than this refresh the planner statistics (see analyzeContent). */
const ANALYZE_ABOVE = 1000;

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>, tick?: () => void) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await write(rows.slice(i, i + BATCH));
    tick?.();
  }
}

const uniqueById = <T extends { id: string }>(list: readonly T[]) => [
  ...new Map(list.map((x) => [x.id, x])).values(),
];

/**
 * Foreign-key checks of thousands of rows pointing at rows inserted in the same transaction grow
 * quadratically (measured on PGlite: 10k items + 15k relations took 165 s, 1.5 s without). The
 * rows are consistent by construction (ids from one map, relations filtered to known items), so
 * the bulk insert skips the FK triggers where the role may (superuser: PGlite, or a PostgreSQL
 * owner granted it); SET LOCAL ends with the transaction.
 */
async function skipForeignKeyTriggers(tx: Kysely<DB>): Promise<void> {
  const su = await sql<{ on: string }>`SELECT current_setting('is_superuser') AS on`.execute(tx);
  if (su.rows[0]?.on === 'on') await sql`SET LOCAL session_replication_role = replica`.execute(tx);
}

export async function writeVersion(tx: Kysely<DB>, input: WriteVersionInput) {
  const { spaceId, model, result } = input;
  await skipForeignKeyTriggers(tx);
  const calendarIds = await ensureCalendars(tx, spaceId, model.calendars, model.options.defaultCalendarId);
  const version = await insertVersion(
    tx,
    spaceId,
    input.scheduleId,
    safeName(input.label, 'Imported'),
    'version',
  );
  const rows = modelToRows(model, randomUUID, (id) => calendarIds.get(id) ?? null, result);
  const total = rows.items.length + rows.relations.length || 1;
  let done = 0;
  const tick = (n: number) => () => {
    done += n;
    input.onRows?.(Math.min(1, done / total));
  };

  // Parents before children: the parent key is checked row by row.
  const depth = new Map<string, number>();
  const byId = new Map(rows.items.map((r) => [r.id, r]));
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    depth.set(id, 0); // guards a (malformed) parent loop
    const parent = byId.get(id)?.parent_id;
    const d = parent ? depthOf(parent) + 1 : 0;
    depth.set(id, d);
    return d;
  };
  const items = [...rows.items].sort((a, b) => depthOf(a.id) - depthOf(b.id));
  // One statement per 10,000 rows: each column travels as one array-literal parameter expanded by
  // unnest (db/bulk.ts), the same SQL on PGlite and PostgreSQL.
  for (let i = 0; i < items.length; i += WRITE_BATCH) {
    const part = items.slice(i, i + WRITE_BATCH);
    if (getBulkMode() === 'json') await insertJson(tx, spaceId, version.id, 'wbs_items', ITEM_COLUMNS, part);
    else
      await sql`INSERT INTO wbs_items (space_id, version_id, ${sql.raw(names(ITEM_COLUMNS))})
        SELECT ${spaceId}, ${version.id}, r.* FROM ${unnestRows(ITEM_COLUMNS, part)}`.execute(tx);
    tick(part.length)();
  }
  // Where the FK triggers still run (a PostgreSQL role that may not skip them), fresh statistics
  // keep their per-row checks on the primary key instead of scanning the version.
  if (items.length > ANALYZE_ABOVE) await analyzeContent(tx, 'wbs_items');
  for (let i = 0; i < rows.relations.length; i += WRITE_BATCH) {
    const part = rows.relations.slice(i, i + WRITE_BATCH);
    if (getBulkMode() === 'json')
      await insertJson(tx, spaceId, version.id, 'wbs_relations', RELATION_COLUMNS, part);
    else
      await sql`INSERT INTO wbs_relations (space_id, version_id, ${sql.raw(names(RELATION_COLUMNS))})
        SELECT ${spaceId}, ${version.id}, r.* FROM ${unnestRows(RELATION_COLUMNS, part)}`.execute(tx);
    tick(part.length)();
  }
  if (rows.relations.length > ANALYZE_ABOVE) await analyzeContent(tx, 'wbs_relations');

  const spaceCalendar = (id: string) => calendarIds.get(id) ?? id;
  const options = {
    ...model.options,
    defaultCalendarId: spaceCalendar(model.options.defaultCalendarId),
    ...(model.options.projects
      ? {
          projects: model.options.projects.map((p) => ({
            ...p,
            options: { ...p.options, defaultCalendarId: spaceCalendar(p.options.defaultCalendarId) },
          })),
        }
      : {}),
  };
  await tx
    .insertInto('version_models')
    .values({
      space_id: spaceId,
      version_id: version.id,
      source: model.source,
      project_name: model.projectName,
      options: JSON.stringify(options),
      item_extras: JSON.stringify(rows.itemExtras),
      relation_extras: JSON.stringify(rows.relationExtras),
      calendar_ids: JSON.stringify(Object.fromEntries(calendarIds)),
      attribute_defs: JSON.stringify(model.attributeDefs ?? {}),
    })
    .execute();

  const resources = uniqueById(model.resources);
  const resourceIds = new Set(resources.map((r) => r.id));
  await inBatches(resources, (batch) =>
    tx
      .insertInto('version_resources')
      .values(
        batch.map((r) => ({
          space_id: spaceId,
          version_id: version.id,
          id: r.id,
          name: r.name,
          kind: r.kind ?? null,
          calendar_id: r.calendarId ? (calendarIds.get(r.calendarId) ?? null) : null,
        })),
      )
      .execute(),
  );
  const assignments = uniqueById(model.assignments).filter(
    (a) => resourceIds.has(a.resourceId) && rows.itemIds.has(a.activityId),
  );
  await inBatches(assignments, (batch) =>
    tx
      .insertInto('version_assignments')
      .values(
        batch.map((a) => ({
          space_id: spaceId,
          version_id: version.id,
          id: a.id,
          wbs_id: rows.itemIds.get(a.activityId)!,
          resource_id: a.resourceId,
          units: Number.isFinite(a.units) ? a.units : 0,
          // The file's resource curve (P6) or work contour (MS Project); uniform when it has none.
          curve: a.curve?.kind ?? 'uniform',
          curve_values: a.curve?.values ? JSON.stringify(a.curve.values) : null,
        })),
      )
      .execute(),
  );
  await landVersionResources(tx, spaceId, version.id);

  return tx
    .updateTable('versions')
    .set({
      data_date: Math.round(model.options.dataDate),
      timetable_state: result.state === 'calculated' ? 'calculated' : 'not_calculated',
    })
    .where('space_id', '=', spaceId)
    .where('id', '=', version.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
