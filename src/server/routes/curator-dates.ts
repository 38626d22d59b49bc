// Accepted curator dates (GET/PATCH versions/{id}/accepted-curator-dates) and a schedule's limit
// for daily plans (GET schedules/{id}/limit-for-dp, PATCH schedules/{id}/settings); docs/versions.md.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { CuratorDates, DpLimit } from '../../api/curator-dates';
import { acceptPlan, curatorState, dpLimit, treeOrder } from '../../domain/versions/curator-dates';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { implement } from '../http/register';
import { getNode } from '../services/eps';
import { curatorAcceptedNotices, expertDataNotices, notify } from '../services/notices';
import { today } from '../services/wdp-periods';
import { getVersion } from './versions';

async function readCuratorDates(db: Kysely<DB>, spaceId: string, versionId: string): Promise<CuratorDates> {
  const v = await getVersion(db, spaceId, versionId);
  const [items, accepted] = await Promise.all([
    db
      .selectFrom('wbs_items')
      .select(['id', 'parent_id', 'order_key', 'code', 'name', 'node_type', 'es', 'ef'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .execute(),
    db
      .selectFrom('curator_dates')
      .leftJoin('users', 'users.id', 'curator_dates.accepted_by')
      .select([
        'curator_dates.wbs_id',
        'curator_dates.accepted_start',
        'curator_dates.accepted_finish',
        'curator_dates.accepted_at',
        'users.first_name',
        'users.last_name',
        'users.login',
      ])
      .where('curator_dates.space_id', '=', spaceId)
      .where('curator_dates.version_id', '=', versionId)
      .execute(),
  ]);
  const acc = new Map(accepted.map((a) => [a.wbs_id, a]));
  let nAccepted = 0;
  let nMoved = 0;
  const rows = treeOrder(
    items.map((i) => ({ ...i, parentId: i.parent_id, orderKey: i.order_key, start: i.es, finish: i.ef })),
  ).map(({ row: i, depth }) => {
    const a = acc.get(i.id);
    const { state, finishDiffDays } = curatorState(
      i,
      a ? { start: a.accepted_start, finish: a.accepted_finish } : undefined,
    );
    if (state !== 'none') nAccepted++;
    if (state === 'moved') nMoved++;
    const who = a ? `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim() || (a.login ?? '') : '';
    return {
      wbs_id: i.id,
      code: i.code,
      name: i.name,
      node_type: i.node_type,
      depth,
      start: i.es,
      finish: i.ef,
      accepted_start: a?.accepted_start ?? null,
      accepted_finish: a?.accepted_finish ?? null,
      accepted_by: a ? who || null : null,
      accepted_at: a ? new Date(a.accepted_at).toISOString() : null,
      finish_diff_days: finishDiffDays,
      state,
    };
  });
  return { version_id: v.id, timetable_state: v.timetable_state, accepted: nAccepted, moved: nMoved, rows };
}

/** The limit for daily plans of a schedule (its own days, else the space's). */
export async function readDpLimit(db: Kysely<DB>, spaceId: string, scheduleId: string): Promise<DpLimit> {
  const [space, own] = await Promise.all([
    db
      .selectFrom('spaces')
      .select(['plan_edit_days', 'fact_edit_days'])
      .where('id', '=', spaceId)
      .executeTakeFirst(),
    db
      .selectFrom('schedule_settings')
      .select(['plan_edit_days', 'fact_edit_days'])
      .where('space_id', '=', spaceId)
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirst(),
  ]);
  const key = today();
  const sp = { plan: space?.plan_edit_days ?? null, fact: space?.fact_edit_days ?? null };
  const sc = { plan: own?.plan_edit_days ?? null, fact: own?.fact_edit_days ?? null };
  const l = dpLimit(key, sp, sc);
  return {
    schedule_id: scheduleId,
    key_day: key,
    plan_edit_days: l.plan.days,
    fact_edit_days: l.fact.days,
    plan_from: l.plan.from,
    fact_from: l.fact.from,
    plan_source: l.plan.source,
    fact_source: l.fact.source,
    schedule_plan_edit_days: sc.plan,
    schedule_fact_edit_days: sc.fact,
    space_plan_edit_days: sp.plan,
    space_fact_edit_days: sp.fact,
  };
}

export const curatorDateRoutes = (ctx: AppContext) => {
  const { db } = ctx;
  return [
    implement(api.curatorDates.curatorDates, async ({ params, space }) =>
      readCuratorDates(db, space.spaceId, params.id),
    ),

    implement(api.curatorDates.acceptCuratorDates, async ({ params, body, space, userId }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      if (v.locked) throw conflict('version_locked');
      const done = await db.transaction().execute(async (tx) => {
        const items = await tx
          .selectFrom('wbs_items')
          .select(['id', 'code', 'es', 'ef'])
          .where('space_id', '=', space.spaceId)
          .where('version_id', '=', v.id)
          .execute();
        const rows = items.map((i) => ({ id: i.id, code: i.code, start: i.es, finish: i.ef }));
        if (body.withdraw) {
          const known = new Set(rows.map((r) => r.id));
          const ids = body.wbs_ids;
          const bad = ids?.findIndex((id) => !known.has(id)) ?? -1;
          if (ids && bad >= 0) throw badRequest('curator.unknown_row', { field: `body.wbs_ids.${bad}` });
          let q = tx
            .deleteFrom('curator_dates')
            .where('space_id', '=', space.spaceId)
            .where('version_id', '=', v.id);
          if (ids) q = q.where('wbs_id', 'in', ids);
          const gone = await q.returning('wbs_id').execute();
          return { withdrawn: gone.map((g) => g.wbs_id), accepted: [] as string[] };
        }
        // Not calculated: the dates are not the schedule's proposal yet.
        if (v.timetable_state !== 'calculated')
          throw badRequest('curator.not_calculated', { label: v.label, field: 'params.id' });
        const plan = acceptPlan(rows, body.wbs_ids);
        if (!plan.ok) {
          const code = rows.find((r) => r.id === plan.id)?.code ?? plan.id;
          throw badRequest(`curator.${plan.problem}`, { code, field: `body.wbs_ids.${plan.index}` });
        }
        for (let i = 0; i < plan.rows.length; i += 1000) {
          const chunk = plan.rows.slice(i, i + 1000);
          await tx
            .insertInto('curator_dates')
            .values(
              chunk.map((r) => ({
                space_id: space.spaceId,
                version_id: v.id,
                wbs_id: r.id,
                accepted_start: r.start,
                accepted_finish: r.finish,
                accepted_by: userId,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['space_id', 'version_id', 'wbs_id']).doUpdateSet((eb) => ({
                accepted_start: eb.ref('excluded.accepted_start'),
                accepted_finish: eb.ref('excluded.accepted_finish'),
                accepted_by: eb.ref('excluded.accepted_by'),
                accepted_at: new Date(),
              })),
            )
            .execute();
        }
        return { withdrawn: [] as string[], accepted: plan.rows.map((r) => r.id) };
      });
      // Dates given: the version's owner hears of it; dates withdrawn: their curators are asked again.
      await notify(ctx, [
        ...(await curatorAcceptedNotices(ctx, space.spaceId, v.id, done.accepted, userId)),
        ...(await expertDataNotices(ctx, space.spaceId, v.id, userId, {
          rows: done.withdrawn,
          again: `withdrawn:${Date.now()}`,
        })),
      ]);
      return readCuratorDates(db, space.spaceId, v.id);
    }),

    implement(api.scheduleSettings.limitForDp, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      return readDpLimit(db, space.spaceId, params.id);
    }),

    implement(api.scheduleSettings.settings, async ({ params, body, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const set = {
        ...(body.plan_edit_days !== undefined ? { plan_edit_days: body.plan_edit_days } : {}),
        ...(body.fact_edit_days !== undefined ? { fact_edit_days: body.fact_edit_days } : {}),
      };
      await db
        .insertInto('schedule_settings')
        .values({
          space_id: space.spaceId,
          schedule_id: params.id,
          plan_edit_days: body.plan_edit_days ?? null,
          fact_edit_days: body.fact_edit_days ?? null,
        })
        .onConflict((oc) =>
          oc.columns(['space_id', 'schedule_id']).doUpdateSet({ ...set, updated_at: new Date() }),
        )
        .execute();
      return readDpLimit(db, space.spaceId, params.id);
    }),
  ];
};
