// The assignment calls of spec §7 (src/api/resources.ts): a version's assignments by resource or
// row, save (create, change, or restore a deleted one under its id: the client's undo), update
// and delete one, and the remaining durations the rated assignments give their rows.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { api } from '../../api';
import type { ResourceAssignment } from '../../api/resources';
import { remainingByIntensity } from '../../domain/resources';
import type { CurveKind } from '../../domain/resources';
import { resourceTypeOf } from '../../domain/schedule/resource-type';
import type { DB } from '../db/schema';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { assignmentRows } from '../services/assignment-patch';
import { logAssignmentStep } from '../services/assignment-undo';
import type { StoredAssignmentStep } from '../services/assignment-undo';
import { assignmentNotices } from '../services/notices';
import { versionResourcesOf } from '../services/version-resources';
import { getVersion } from './versions';

type Db = Kysely<DB> | Transaction<DB>;

/** A version that may be edited (404 when not in the space or not of `scheduleId`; 409 locked). */
async function editableVersion(db: Db, spaceId: string, versionId: string, scheduleId?: string) {
  const v = await getVersion(db as Kysely<DB>, spaceId, versionId);
  if (scheduleId && v.schedule_id !== scheduleId) throw notFound('version');
  if (v.locked) throw conflict('version_locked');
  return v;
}

/** The assignments of a version as the calls answer them, filtered by row, resource or id. */
export async function readAssignments(
  db: Db,
  spaceId: string,
  versionId: string,
  by: { wbsId?: string; resourceId?: string; ids?: string[] } = {},
): Promise<ResourceAssignment[]> {
  if (by.ids && by.ids.length === 0) return [];
  let q = db
    .selectFrom('version_assignments as a')
    .innerJoin('version_resources as vr', (j) =>
      j
        .onRef('vr.space_id', '=', 'a.space_id')
        .onRef('vr.version_id', '=', 'a.version_id')
        .onRef('vr.id', '=', 'a.resource_id'),
    )
    .leftJoin('resources as r', (j) =>
      j.onRef('r.space_id', '=', 'vr.space_id').onRef('r.id', '=', 'vr.resource_id'),
    )
    .select([
      'a.id',
      'a.wbs_id',
      'a.units',
      'a.units_per_day',
      'a.intensity',
      'a.curve',
      'a.curve_values',
      'vr.name as vr_name',
      'vr.kind as vr_kind',
      'vr.calendar_id as vr_calendar',
      'r.id as rid',
      'r.name as r_name',
      'r.kind as r_kind',
      'r.resource_type as r_type',
      'r.unit as r_unit',
      'r.calendar_id as r_calendar',
    ])
    .where('a.space_id', '=', spaceId)
    .where('a.version_id', '=', versionId);
  if (by.wbsId) q = q.where('a.wbs_id', '=', by.wbsId);
  if (by.resourceId) q = q.where('vr.resource_id', '=', by.resourceId);
  if (by.ids) q = q.where('a.id', 'in', by.ids);
  const rows = await q.orderBy('vr.name').orderBy('a.id').execute();
  return rows.map((x): ResourceAssignment => {
    const fileType = resourceTypeOf(x.vr_kind);
    const type = (x.r_type as ResourceAssignment['resource_type']) ?? fileType;
    return {
      id: x.id,
      version_id: versionId,
      wbs_id: x.wbs_id,
      resource_id: x.rid,
      resource_name: x.r_name ?? x.vr_name,
      kind: (x.r_kind as ResourceAssignment['kind']) ?? (fileType === 'cost' ? 'cost' : 'resource'),
      resource_type: type,
      unit: x.r_unit ?? (type === 'labor' || type === 'nonlabor' ? 'h' : ''),
      units: Number(x.units),
      units_per_day: x.units_per_day == null ? null : Number(x.units_per_day),
      intensity: Number(x.intensity),
      curve: x.curve as CurveKind,
      curve_values: x.curve_values,
      calendar_id: x.r_calendar ?? x.vr_calendar,
    };
  });
}

/** The version's copy of a space resource (created on first use): what assignments refer to. */
async function versionResourceOf(
  tx: Db,
  spaceId: string,
  versionId: string,
  resourceId: string,
  field: string,
) {
  const id = (await versionResourcesOf(tx, spaceId, versionId, [resourceId])).get(resourceId);
  if (!id) throw badRequest('invalid', { field });
  return id;
}

const curveJson = (v: number[] | null | undefined) => (v == null ? null : JSON.stringify(v));

/** The stored step as the answer carries it (the client puts it on its undo stack). */
const stepOf = (step: StoredAssignmentStep | null) => (step ? { undo_step: step } : {});

export function resourceAssignmentRoutes(ctx: AppContext) {
  const { db, events } = ctx;
  // Open pages of the version learn of the new revision (and apply the entry) as of a WBS batch.
  const publishStep = (spaceId: string, versionId: string, step: StoredAssignmentStep | null) => {
    if (step)
      events.publish({
        event: 'version_updated',
        space_id: spaceId,
        ids: [versionId],
        payload: { revision: step.revision, origin: 'assignment', entry: step.entry },
      });
  };
  return [
    implement(api.resources.assignments, async ({ query, space }) => {
      await getVersion(db, space.spaceId, query.version_id);
      const items = await readAssignments(db, space.spaceId, query.version_id, {
        wbsId: query.wbs_id,
        resourceId: query.resource_id,
      });
      return { items };
    }),

    implement(api.resources.save, async ({ params, body, space, userId }) => {
      const spaceId = space.spaceId;
      const given = body.items.flatMap((i) => (i.id ? [i.id] : []));
      const existing = new Set(
        given.length
          ? (
              await db
                .selectFrom('version_assignments')
                .select('id')
                .where('space_id', '=', spaceId)
                .where('version_id', '=', params.id)
                .where('id', 'in', given)
                .execute()
            ).map((r) => r.id)
          : [],
      );
      const scope = { spaceId, versionId: params.id, userId };
      let step: StoredAssignmentStep | null = null;
      const ids = await db.transaction().execute(async (tx) => {
        await editableVersion(tx, spaceId, params.id);
        const before = await assignmentRows(tx, scope, given);
        const row = await tx
          .selectFrom('wbs_items')
          .select('id')
          .where('space_id', '=', spaceId)
          .where('version_id', '=', params.id)
          .where('id', '=', body.wbs_id)
          .executeTakeFirst();
        if (!row) throw badRequest('invalid', { field: 'body.wbs_id' });
        const out: string[] = [];
        for (const [i, item] of body.items.entries()) {
          const resource = await versionResourceOf(
            tx,
            spaceId,
            params.id,
            item.resource_id,
            `body.items.${i}.resource_id`,
          );
          const id = item.id ?? randomUUID();
          const fields = {
            wbs_id: body.wbs_id,
            resource_id: resource,
            units: item.units,
            units_per_day: item.units_per_day,
            intensity: item.intensity,
            curve: item.curve,
            curve_values: curveJson(item.curve_values),
          };
          await tx
            .insertInto('version_assignments')
            .values({ space_id: spaceId, version_id: params.id, id, ...fields })
            .onConflict((oc) => oc.columns(['space_id', 'version_id', 'id']).doUpdateSet(fields))
            .execute();
          out.push(id);
        }
        // One step of the version's undo log (issue 17).
        step = await logAssignmentStep(
          tx,
          scope,
          existing.size > 0 ? 'resources:undo.change' : 'resources:undo.assign',
          before,
          await assignmentRows(tx, scope, out),
        );
        return out;
      });
      await assignmentNotices(
        ctx,
        spaceId,
        params.id,
        ids,
        new Set(ids.filter((id) => !existing.has(id))),
        userId,
      );
      publishStep(spaceId, params.id, step);
      return { items: await readAssignments(db, spaceId, params.id, { ids }), ...stepOf(step) };
    }),

    implement(api.resources.updateOne, async ({ params, body, space, userId }) => {
      const spaceId = space.spaceId;
      const { version_id: versionId, curve_values, ...rest } = body;
      const scope = { spaceId, versionId, userId };
      const step = await db.transaction().execute(async (tx) => {
        await editableVersion(tx, spaceId, versionId, params.id);
        const before = await assignmentRows(tx, scope, [params.aid]);
        const set = {
          ...rest,
          ...(curve_values !== undefined ? { curve_values: curveJson(curve_values) } : {}),
          // A named curve has no parts of its own.
          ...(rest.curve && rest.curve !== 'custom' ? { curve_values: null } : {}),
        };
        const q = tx
          .updateTable('version_assignments')
          .where('space_id', '=', spaceId)
          .where('version_id', '=', versionId)
          .where('id', '=', params.aid);
        const done =
          Object.keys(set).length > 0
            ? await q.set(set).returning('id').execute()
            : await tx
                .selectFrom('version_assignments')
                .select('id')
                .where('space_id', '=', spaceId)
                .where('version_id', '=', versionId)
                .where('id', '=', params.aid)
                .execute();
        if (done.length === 0) throw notFound('assignment');
        const after = await assignmentRows(tx, scope, [params.aid]);
        return logAssignmentStep(tx, scope, 'resources:undo.change', before, after);
      });
      await assignmentNotices(ctx, spaceId, versionId, [params.aid], new Set(), userId);
      publishStep(spaceId, versionId, step);
      const [a] = await readAssignments(db, spaceId, versionId, { ids: [params.aid] });
      return { ...a!, ...stepOf(step) };
    }),

    implement(api.resources.removeOne, async ({ params, query, space, userId }) => {
      const scope = { spaceId: space.spaceId, versionId: query.version_id, userId };
      const step = await db.transaction().execute(async (tx) => {
        await editableVersion(tx, space.spaceId, query.version_id, params.id);
        const before = await assignmentRows(tx, scope, [params.aid]);
        const gone = await tx
          .deleteFrom('version_assignments')
          .where('space_id', '=', space.spaceId)
          .where('version_id', '=', query.version_id)
          .where('id', '=', params.aid)
          .returning('id')
          .execute();
        if (gone.length === 0) throw notFound('assignment');
        return logAssignmentStep(tx, scope, 'resources:undo.unassign', before, new Map());
      });
      publishStep(space.spaceId, query.version_id, step);
      return { success: true as const, ...stepOf(step) };
    }),

    implement(api.resources.remainsByIntensity, async ({ params, space }) => {
      const spaceId = space.spaceId;
      const updated = await db.transaction().execute(async (tx) => {
        await editableVersion(tx, spaceId, params.id);
        const rows = await tx
          .selectFrom('version_assignments as a')
          .innerJoin('wbs_items as w', (j) =>
            j
              .onRef('w.space_id', '=', 'a.space_id')
              .onRef('w.version_id', '=', 'a.version_id')
              .onRef('w.id', '=', 'a.wbs_id'),
          )
          .leftJoin('calendars as c', (j) =>
            j.onRef('c.space_id', '=', 'w.space_id').onRef('c.id', '=', 'w.calendar_id'),
          )
          .select([
            'a.wbs_id',
            'a.units',
            'a.units_per_day',
            'a.intensity',
            'w.percent',
            'w.actual_start',
            'w.remaining',
            'w.duration',
            'c.hours_per_day',
          ])
          .where('a.space_id', '=', spaceId)
          .where('a.version_id', '=', params.id)
          .where('a.units_per_day', '>', 0)
          .where('w.actual_finish', 'is', null)
          .where('w.node_type', 'in', ['task', 'work'])
          .execute();
        const defaultCal = await tx
          .selectFrom('calendars')
          .select('hours_per_day')
          .where('space_id', '=', spaceId)
          .where('is_default', '=', true)
          .executeTakeFirst();
        const byRow = new Map<string, typeof rows>();
        for (const r of rows) byRow.set(r.wbs_id, [...(byRow.get(r.wbs_id) ?? []), r]);
        let n = 0;
        for (const [wbsId, list] of byRow) {
          const first = list[0]!;
          const hours = Number(first.hours_per_day ?? defaultCal?.hours_per_day ?? 8);
          const remaining = remainingByIntensity(
            list.map((a) => ({
              units: Number(a.units),
              unitsPerDay: a.units_per_day == null ? null : Number(a.units_per_day),
              intensity: Number(a.intensity),
            })),
            Number(first.percent),
            hours,
          );
          if (remaining === null) continue;
          const started = first.actual_start !== null;
          if (remaining === Number(first.remaining) && (started || remaining === Number(first.duration)))
            continue;
          await tx
            .updateTable('wbs_items')
            .set(started ? { remaining } : { remaining, duration: remaining })
            .where('space_id', '=', spaceId)
            .where('version_id', '=', params.id)
            .where('id', '=', wbsId)
            .execute();
          n++;
        }
        if (n === 0) return { n, revision: null };
        // Open workbenches read the version again (no entry rides along); its dates are stale.
        const v = await tx
          .updateTable('versions')
          .set((e) => ({ revision: e('revision', '+', 1), timetable_state: 'not_calculated' }))
          .where('space_id', '=', spaceId)
          .where('id', '=', params.id)
          .returning('revision')
          .executeTakeFirstOrThrow();
        return { n, revision: v.revision };
      });
      if (updated.revision !== null)
        events.publish({
          event: 'version_updated',
          space_id: spaceId,
          ids: [params.id],
          payload: { revision: updated.revision, origin: 'remains_by_intensity' },
        });
      return { updated: updated.n };
    }),
  ];
}
