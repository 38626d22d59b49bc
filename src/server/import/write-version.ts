// Puts a parsed and scheduled model into the database as a new, calculated version of a schedule:
// calendars, WBS items, relations, the model's extras, resources and assignments. The caller runs
// it inside one transaction, so a failure or a stop leaves nothing behind.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ScheduleModel, ScheduleResult } from '../../domain/schedule';
import type { DB } from '../db/schema';
import { insertVersion } from '../services/eps';
import { ensureCalendars, safeName } from './calendars';
import { modelToRows } from './to-rows';

// 28 columns × 1000 rows stays well under PostgreSQL's 65,535 parameters per statement.
const BATCH = 1000;

export interface WriteVersionInput {
  spaceId: string;
  scheduleId: string;
  label: string;
  model: ScheduleModel;
  result: ScheduleResult;
  /** Called after each batch with the share of rows written (0–1); may throw to stop. */
  onRows?: (share: number) => void;
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>, tick?: () => void) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await write(rows.slice(i, i + BATCH));
    tick?.();
  }
}

const uniqueById = <T extends { id: string }>(list: readonly T[]) => [
  ...new Map(list.map((x) => [x.id, x])).values(),
];

export async function writeVersion(tx: Kysely<DB>, input: WriteVersionInput) {
  const { spaceId, model, result } = input;
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
  await inBatches(
    items,
    (batch) =>
      tx
        .insertInto('wbs_items')
        .values(
          batch.map((r) => ({
            ...r,
            space_id: spaceId,
            version_id: version.id,
            attributes: JSON.stringify(r.attributes),
          })),
        )
        .execute(),
    tick(BATCH),
  );
  await inBatches(
    rows.relations,
    (batch) =>
      tx
        .insertInto('wbs_relations')
        .values(batch.map((r) => ({ ...r, space_id: spaceId, version_id: version.id })))
        .execute(),
    tick(BATCH),
  );

  const options = {
    ...model.options,
    defaultCalendarId: calendarIds.get(model.options.defaultCalendarId) ?? model.options.defaultCalendarId,
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
        })),
      )
      .execute(),
  );

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
