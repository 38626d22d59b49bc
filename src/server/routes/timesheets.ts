// Timesheets (spec §7 timesheet create, update, delete, update day; versions/{id}/timesheet/users;
// users/timesheet-notification): a person's hours and facts per work and day over a period,
// submitted by its owner, then APPROVED or DECLINED by a planner. Approval adds the facts to the
// works' fact values as one undo_wdp action of the version.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import { allows, effectiveMatrix } from '../../domain/admin/permissions';
import type { Timesheet } from '../../api/wdp';
import { cellsChange, fromUnits, rowRates, toUnits } from '../../domain/wdp';
import type { WdpCell } from '../../domain/wdp';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { HttpError, conflict, forbidden, notFound } from '../errors';
import { notify } from '../services/notices';
import { rowResources } from '../services/wdp-resources';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import type { SpaceAccess } from '../auth/space-access';
import { loadDays, storeWdpChange } from '../services/wdp-store';
import { getVersion } from './versions';

/** Deciding others' timesheets (and seeing all of them) is the facts module's approve ability. */
const canDecide = (space: SpaceAccess) => allows(space.permissions, 'facts', 'approve');
const nameOf = (u: { first_name: string; last_name: string; login: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.login;

async function readSheets(
  db: Kysely<DB>,
  spaceId: string,
  where: { id?: string; versionId?: string; userId?: string; status?: string },
): Promise<Timesheet[]> {
  let q = db
    .selectFrom('timesheets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.version_id',
      't.user_id',
      't.first_day',
      't.last_day',
      't.status',
      't.decided_by',
      't.comment',
      'u.first_name',
      'u.last_name',
      'u.login',
    ])
    .where('t.space_id', '=', spaceId);
  if (where.id) q = q.where('t.id', '=', where.id);
  if (where.versionId) q = q.where('t.version_id', '=', where.versionId);
  if (where.userId) q = q.where('t.user_id', '=', where.userId);
  if (where.status) q = q.where('t.status', '=', where.status as Timesheet['status']);
  const sheets = await q.orderBy('t.first_day', 'desc').orderBy('t.created_at').limit(500).execute();
  if (sheets.length === 0) return [];
  const days = await db
    .selectFrom('timesheet_days')
    .select(['timesheet_id', 'item_id', 'day', 'hours', 'fact'])
    .where('space_id', '=', spaceId)
    .where(
      'timesheet_id',
      'in',
      sheets.map((s) => s.id),
    )
    .orderBy('day')
    .execute();
  return sheets.map((s) => ({
    id: s.id,
    version_id: s.version_id,
    user_id: s.user_id,
    user_name: nameOf(s),
    first_day: s.first_day,
    last_day: s.last_day,
    status: s.status,
    decided_by: s.decided_by,
    comment: s.comment,
    days: days
      .filter((d) => d.timesheet_id === s.id)
      .map((d) => ({ item_id: d.item_id, day: d.day, hours: d.hours, fact: d.fact })),
  }));
}

export function timesheetRoutes(ctx: AppContext): Implemented[] {
  const { db, events } = ctx;
  /**
   * Notices of a timesheet (issue 26): submitted → the members who decide timesheets
   * (task_need_accept_daily_data); approved → its author (assignment_accepted); declined → its
   * author (task_need_actual_by_timesheet).
   */
  const timesheetNotices = async (
    spaceId: string,
    t: { id: string; version_id: string; user_id: string },
    status: 'submitted' | 'APPROVED' | 'DECLINED',
    actorId: string,
  ) => {
    const link = { timesheet_id: t.id, version_id: t.version_id };
    if (status !== 'submitted')
      return notify(ctx, [
        {
          spaceId,
          userId: t.user_id,
          type: status === 'APPROVED' ? 'assignment_accepted' : 'task_need_actual_by_timesheet',
          actorId,
          link,
        },
      ]);
    const members = await db
      .selectFrom('space_members as m')
      .innerJoin('roles as r', (j) =>
        j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'),
      )
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'r.value', 'r.permissions'])
      .where('m.space_id', '=', spaceId)
      .execute();
    const author = await db
      .selectFrom('users')
      .select('login')
      .where('id', '=', t.user_id)
      .executeTakeFirst();
    return notify(
      ctx,
      members
        .filter((m) => allows(effectiveMatrix(m.value, m.permissions), 'facts', 'approve'))
        .map((m) => ({
          spaceId,
          userId: m.user_id,
          type: 'task_need_accept_daily_data' as const,
          actorId,
          params: { user: author?.login ?? '' },
          link,
        })),
    );
  };
  const one = async (spaceId: string, id: string) => {
    const [t] = await readSheets(db, spaceId, { id });
    if (!t) throw notFound('timesheet');
    return t;
  };
  return [
    implement(api.wdp.timesheets, async ({ params, query, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      const all = canDecide(space) && query.mine !== 'true';
      const items = await readSheets(db, space.spaceId, {
        versionId: params.id,
        ...(all ? {} : { userId }),
        ...(query.status ? { status: query.status } : {}),
      });
      const works = await db
        .selectFrom('wbs_items as w')
        .leftJoin('wdp_rows as r', (j) =>
          j
            .onRef('r.space_id', '=', 'w.space_id')
            .onRef('r.version_id', '=', 'w.version_id')
            .onRef('r.item_id', '=', 'w.id'),
        )
        .select(['w.id', 'w.code', 'w.name', 'w.volume', 'w.price', 'w.es', 'w.ef', 'r.unit'])
        .where('w.space_id', '=', space.spaceId)
        .where('w.version_id', '=', params.id)
        .where('w.node_type', 'in', ['work', 'task'])
        .orderBy('w.order_key')
        .limit(2000)
        .execute();
      const resources = new Map(
        (await rowResources(db, { spaceId: space.spaceId, versionId: params.id })).map((r) => [r.item_id, r]),
      );
      return {
        items,
        works: works.map((w) => ({
          item_id: w.id,
          code: w.code,
          name: w.name,
          unit: w.unit ?? '',
          volume: w.volume,
          start: w.es,
          finish: w.ef,
          ...rowRates(w, resources.get(w.id)),
        })),
      };
    }),

    implement(api.wdp.createTimesheet, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      if (body.last_day < body.first_day || body.last_day - body.first_day > 61)
        throw new HttpError(400, 'BadRequest', [
          { code: 'timesheet.bad_period', params: { field: 'body.last_day' } },
        ]);
      const r = await db
        .insertInto('timesheets')
        .values({
          space_id: space.spaceId,
          version_id: params.id,
          user_id: userId,
          first_day: body.first_day,
          last_day: body.last_day,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return one(space.spaceId, r.id);
    }),

    implement(api.wdp.updateTimesheetDay, async ({ params, body, space, userId }) => {
      const t = await one(space.spaceId, params.id);
      if (t.user_id !== userId) throw forbidden();
      if (t.status === 'submitted' || t.status === 'APPROVED')
        throw conflict('timesheet.not_editable', { status: t.status });
      const outside = body.days.filter((d) => d.day < t.first_day || d.day > t.last_day);
      if (outside.length)
        throw new HttpError(
          400,
          'BadRequest',
          outside.slice(0, 20).map((d) => ({ code: 'timesheet.day_outside', params: { day: d.day } })),
        );
      const ids = [...new Set(body.days.map((d) => d.item_id))];
      const found = await db
        .selectFrom('wbs_items')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', t.version_id)
        .where('id', 'in', ids)
        .execute();
      if (found.length !== ids.length) throw new HttpError(400, 'BadRequest', [{ code: 'wdp.unknown_item' }]);
      await db.transaction().execute(async (tx) => {
        for (const d of body.days) {
          if (d.hours === null && d.fact === null) {
            await tx
              .deleteFrom('timesheet_days')
              .where('space_id', '=', space.spaceId)
              .where('timesheet_id', '=', t.id)
              .where('item_id', '=', d.item_id)
              .where('day', '=', d.day)
              .execute();
            continue;
          }
          await tx
            .insertInto('timesheet_days')
            .values({ space_id: space.spaceId, timesheet_id: t.id, version_id: t.version_id, ...d })
            .onConflict((oc) =>
              oc
                .columns(['space_id', 'timesheet_id', 'item_id', 'day'])
                .doUpdateSet({ hours: d.hours, fact: d.fact }),
            )
            .execute();
        }
        // A declined sheet edited again is a draft until it is submitted anew.
        if (t.status === 'DECLINED')
          await tx
            .updateTable('timesheets')
            .set({ status: 'draft', updated_at: new Date() })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', t.id)
            .execute();
      });
      return one(space.spaceId, t.id);
    }),

    implement(api.wdp.updateTimesheet, async ({ params, body, space, userId }) => {
      const t = await one(space.spaceId, params.id);
      const set = (status: Timesheet['status'], decidedBy: string | null) =>
        db
          .updateTable('timesheets')
          .set({ status, decided_by: decidedBy, comment: body.comment ?? t.comment, updated_at: new Date() })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', t.id)
          .execute();
      if (body.status === 'submitted' || body.status === 'draft') {
        if (t.user_id !== userId) throw forbidden();
        if (t.status === 'APPROVED') throw conflict('timesheet.not_editable', { status: t.status });
        await set(body.status, null);
        if (body.status === 'submitted') await timesheetNotices(space.spaceId, t, 'submitted', userId);
        return one(space.spaceId, t.id);
      }
      // APPROVED or DECLINED: the planner's decision on a submitted sheet.
      if (!canDecide(space)) throw forbidden();
      if (t.status !== 'submitted') throw conflict('timesheet.not_submitted', { status: t.status });
      if (body.status === 'DECLINED') {
        await set('DECLINED', userId);
        await timesheetNotices(space.spaceId, t, 'DECLINED', userId);
        return one(space.spaceId, t.id);
      }
      const facts = t.days.filter((d) => d.fact !== null && d.fact !== 0);
      if (facts.length > 0) {
        const s = { spaceId: space.spaceId, versionId: t.version_id, userId };
        await storeWdpChange(db, events, s, 'wdp.timesheet_approved', async () => {
          const days = await loadDays(db, s, [...new Set(facts.map((f) => f.item_id))]);
          const next = new Map<string, [string, number, WdpCell]>();
          for (const f of facts) {
            const key = `${f.item_id}|${f.day}`;
            const cur = next.get(key)?.[2] ??
              days.get(f.item_id)?.get(f.day) ?? {
                plan: null,
                fact: null,
                approved_plan: null,
                status: 'open' as const,
              };
            next.set(key, [
              f.item_id,
              f.day,
              { ...cur, fact: fromUnits(toUnits(cur.fact ?? 0) + toUnits(f.fact!)) },
            ]);
          }
          return cellsChange((id) => days.get(id), next.values());
        });
      }
      await set('APPROVED', userId);
      await timesheetNotices(space.spaceId, t, 'APPROVED', userId);
      return one(space.spaceId, t.id);
    }),

    implement(api.wdp.deleteTimesheet, async ({ params, space, userId }) => {
      const t = await one(space.spaceId, params.id);
      if (t.user_id !== userId && !canDecide(space)) throw forbidden();
      if (t.status === 'APPROVED') throw conflict('timesheet.not_editable', { status: t.status });
      await db
        .deleteFrom('timesheets')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', t.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.wdp.timesheetUsers, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const rows = await db
        .selectFrom('timesheets as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.user_id', 't.status', 'u.first_name', 'u.last_name', 'u.login'])
        .where('t.space_id', '=', space.spaceId)
        .where('t.version_id', '=', params.id)
        .execute();
      const by = new Map<
        string,
        {
          user_id: string;
          name: string;
          submitted: number;
          approved: number;
          declined: number;
          draft: number;
        }
      >();
      for (const r of rows) {
        let u = by.get(r.user_id);
        if (!u)
          by.set(
            r.user_id,
            (u = { user_id: r.user_id, name: nameOf(r), submitted: 0, approved: 0, declined: 0, draft: 0 }),
          );
        const k = r.status === 'APPROVED' ? 'approved' : r.status === 'DECLINED' ? 'declined' : r.status;
        u[k] += 1;
      }
      return { items: [...by.values()].sort((a, b) => a.name.localeCompare(b.name)) };
    }),

    implement(api.wdp.timesheetNotification, async ({ userId }) => {
      const roles = await db
        .selectFrom('space_members as m')
        .innerJoin('roles as r', (j) =>
          j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'),
        )
        .select(['m.space_id', 'r.value', 'r.permissions'])
        .where('m.user_id', '=', userId)
        .execute();
      const deciding = roles
        .filter((r) => allows(effectiveMatrix(r.value, r.permissions), 'facts', 'approve'))
        .map((r) => r.space_id);
      const toDecide = deciding.length
        ? await db
            .selectFrom('timesheets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('space_id', 'in', deciding)
            .where('status', '=', 'submitted')
            .executeTakeFirst()
        : { n: 0 };
      const declined = await db
        .selectFrom('timesheets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 'DECLINED')
        .executeTakeFirst();
      return { to_decide: Number(toDecide?.n ?? 0), declined: Number(declined?.n ?? 0) };
    }),
  ];
}
