// Notices (issue 26; spec §7 Notices; src/api/collab.ts): the caller's own notices in a space —
// the list behind the bell, the personal area (Home's open notices), their status, set-checked,
// the timesheet a notice is about, and the deletes. Producing them: services/notices.ts.
import { sql } from 'kysely';
import { api } from '../../api';
import type { Notice, NoticeLink } from '../../api/collab';
import { NoticeType } from '../../api/collab';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import { iso } from '../services/mappers';
import { notify } from '../services/notices';
import { NOTICE_TYPES } from '../../domain/collab';

export function noticeRoutes(ctx: AppContext): Implemented[] {
  const { db } = ctx;

  const own = (spaceId: string, userId: string) =>
    db.selectFrom('notices').where('space_id', '=', spaceId).where('user_id', '=', userId);

  const toNotice = (r: {
    id: string;
    type: string;
    params: Record<string, string | number | null>;
    link: Record<string, string | number>;
    actor_id: string | null;
    read: boolean;
    checked: boolean;
    created_at: Date;
  }): Notice => ({
    id: r.id,
    type: NoticeType.parse(r.type),
    params: r.params,
    link: r.link as NoticeLink,
    actor_id: r.actor_id,
    read: r.read,
    checked: r.checked,
    created_at: iso(r.created_at),
  });

  const page = async (
    spaceId: string,
    userId: string,
    where: 'in_list' | 'in_area',
    q: { offset: number; limit: number; seen: '0' | '1' },
  ) => {
    const rows = await own(spaceId, userId)
      .select(['id', 'type', 'params', 'link', 'actor_id', 'read', 'checked', 'created_at'])
      .where(where, '=', true)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
    const total = await own(spaceId, userId)
      .select((b) => b.fn.countAll<number>().as('n'))
      .where(where, '=', true)
      .executeTakeFirstOrThrow();
    if (q.seen === '1' && rows.some((r) => !r.read))
      await db
        .updateTable('notices')
        .set({ read: true })
        .where('space_id', '=', spaceId)
        .where('user_id', '=', userId)
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    return { notices: rows.map(toNotice), total: Number(total.n) };
  };

  const getOwn = async (spaceId: string, userId: string, id: string) => {
    const row = await own(spaceId, userId)
      .select([
        'id',
        'type',
        'params',
        'link',
        'actor_id',
        'read',
        'checked',
        'created_at',
        'in_list',
        'in_area',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('notice');
    return row;
  };

  /** Drops notices that are neither in the list nor in the personal area. */
  const prune = (spaceId: string, userId: string) =>
    db
      .deleteFrom('notices')
      .where('space_id', '=', spaceId)
      .where('user_id', '=', userId)
      .where('in_list', '=', false)
      .where('in_area', '=', false)
      .execute();

  const hide = async (spaceId: string, userId: string, which: 'in_list' | 'in_area', id?: string) => {
    let q = db
      .updateTable('notices')
      .set({ [which]: false, read: true })
      .where('space_id', '=', spaceId)
      .where('user_id', '=', userId);
    if (id) {
      await getOwn(spaceId, userId, id);
      q = q.where('id', '=', id);
    }
    await q.execute();
    await prune(spaceId, userId);
    return { success: true as const };
  };

  return [
    implement(api.notices.list, async ({ space, userId, query }) =>
      page(space.spaceId, userId, 'in_list', query),
    ),
    implement(api.notices.personalArea, async ({ space, userId, query }) =>
      page(space.spaceId, userId, 'in_area', query),
    ),
    implement(api.notices.status, async ({ space, userId }) => {
      const r = await own(space.spaceId, userId)
        .select([
          sql<number>`count(*) FILTER (WHERE in_list AND NOT read)::int`.as('unread'),
          sql<number>`count(*) FILTER (WHERE in_list)::int`.as('total'),
          sql<number>`count(*) FILTER (WHERE in_area AND NOT checked)::int`.as('open'),
        ])
        .executeTakeFirstOrThrow();
      return { unread: r.unread, total: r.total, open: r.open };
    }),
    implement(api.notices.setChecked, async ({ space, userId, params }) => {
      const n = await getOwn(space.spaceId, userId, params.id);
      await db
        .updateTable('notices')
        .set({ checked: true, read: true })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', n.id)
        .execute();
      const link = { ...(n.link as NoticeLink) };
      // The schedule's current version: the newest plain version of the notice's schedule.
      if (link.version_id) {
        const v = await db
          .selectFrom('versions as v')
          .innerJoin('versions as cur', (j) =>
            j.onRef('cur.space_id', '=', 'v.space_id').onRef('cur.schedule_id', '=', 'v.schedule_id'),
          )
          .select(['cur.id', 'v.schedule_id'])
          .where('v.space_id', '=', space.spaceId)
          .where('v.id', '=', link.version_id)
          .orderBy(sql`cur.id = v.id`, 'desc')
          .executeTakeFirst();
        if (!v) delete link.version_id;
        else link.eps_id ??= v.schedule_id;
      }
      return link;
    }),
    implement(api.notices.timesheet, async ({ space, userId, params }) => {
      const n = await getOwn(space.spaceId, userId, params.id);
      const id = (n.link as NoticeLink).timesheet_id;
      if (!id) throw notFound('timesheet');
      const t = await db
        .selectFrom('timesheets')
        .select(['id', 'version_id', 'user_id', 'status', 'first_day', 'last_day'])
        .where('space_id', '=', space.spaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!t) throw notFound('timesheet');
      return {
        timesheet_id: t.id,
        version_id: t.version_id,
        user_id: t.user_id,
        status: t.status,
        first_day: t.first_day,
        last_day: t.last_day,
      };
    }),
    implement(api.notices.remove, async ({ space, userId, params }) =>
      hide(space.spaceId, userId, 'in_list', params.id),
    ),
    implement(api.notices.removeAll, async ({ space, userId }) => hide(space.spaceId, userId, 'in_list')),
    implement(api.notices.removeAllArea, async ({ space, userId }) => hide(space.spaceId, userId, 'in_area')),
    implement(api.notices.removeArea, async ({ space, userId, params }) =>
      hide(space.spaceId, userId, 'in_area', params.id),
    ),

    implement(api.notices.test, async ({ space, userId, params, body }) => {
      const node = await db
        .selectFrom('eps_nodes')
        .select(['id', 'name'])
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!node) throw notFound('eps');
      const me = await db
        .selectFrom('users')
        .select('login')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const types = [...new Set(body.types ?? NOTICE_TYPES)];
      const today = new Date().toISOString().slice(0, 10);
      // The texts' parameters filled from the node and the caller; no actor, so they reach the caller.
      await notify(
        ctx,
        types.map((type) => ({
          spaceId: space.spaceId,
          userId,
          type,
          params: { task: node.name, date: today, user: me.login, resource: me.login, count: 1, test: 1 },
          link: { eps_id: node.id },
        })),
      );
      return { created: types.length };
    }),
  ];
}
