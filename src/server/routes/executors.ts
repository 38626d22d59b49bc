// Executors (src/api/executors.ts): set a member's executor flag; a version's members and
// executors. A user who is not a member of the space is 404, a version of another space 404.
import { api } from '../../api';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { implement } from '../http/register';
import { listMembers } from '../services/members';
import { expertDataNotices, notify } from '../services/notices';
import type { NoticeDraft } from '../services/notices';
import { getVersion } from './versions';

/** A row's people as the contract names them (none: both null). */
const peopleOf = (r: { executor_id: string | null; curator_id: string | null } | undefined) => ({
  executor_id: r?.executor_id ?? null,
  curator_id: r?.curator_id ?? null,
});

const peopleRow = (
  wbsId: string,
  r: { executor_id: string | null; curator_id: string | null } | undefined,
) => ({
  wbs_id: wbsId,
  ...peopleOf(r),
});

export function executorRoutes(ctx: AppContext) {
  const { db, events } = ctx;
  return [
    implement(api.executors.setExecutor, async ({ params, body, space }) => {
      const row = await db
        .updateTable('space_members')
        .set({ executor: body.executor })
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', params.id)
        .returning('user_id')
        .executeTakeFirst();
      if (!row) throw notFound('member');
      events.publish({ event: 'members_updated', space_id: space.spaceId, ids: [params.id], payload: {} });
      const [member] = await listMembers(db, space.spaceId, params.id);
      return member!;
    }),

    implement(api.executors.versionUsers, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const members = await listMembers(db, space.spaceId);
      return { version_id: params.id, members, executors: members.filter((m) => m.executor) };
    }),

    implement(api.executors.rowPeople, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const rows = await db
        .selectFrom('wbs_people')
        .select(['wbs_id', 'executor_id', 'curator_id'])
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .where((w) => w.or([w('executor_id', 'is not', null), w('curator_id', 'is not', null)]))
        .execute();
      return { version_id: params.id, rows };
    }),

    // Naming a row's executor or curator: the executor must be a member flagged executor, the
    // curator a member; whoever is newly named hears of it (not the planner naming themselves).
    implement(api.executors.setRowPeople, async ({ params, body, space, userId }) => {
      const spaceId = space.spaceId;
      await getVersion(db, spaceId, params.id);
      const row = await db
        .selectFrom('wbs_items')
        .select(['id', 'name'])
        .where('space_id', '=', spaceId)
        .where('version_id', '=', params.id)
        .where('id', '=', body.wbs_id)
        .executeTakeFirst();
      if (!row) throw badRequest('people.unknown_row', { field: 'body.wbs_id' });
      const named = [body.executor_id, body.curator_id].filter((u): u is string => !!u);
      const members = named.length
        ? await db
            .selectFrom('space_members')
            .select(['user_id', 'executor'])
            .where('space_id', '=', spaceId)
            .where('user_id', 'in', named)
            .execute()
        : [];
      const member = new Map(members.map((m) => [m.user_id, m]));
      if (body.executor_id && !member.get(body.executor_id)?.executor)
        throw badRequest('people.not_executor', { field: 'body.executor_id' });
      if (body.curator_id && !member.has(body.curator_id))
        throw badRequest('people.not_member', { field: 'body.curator_id' });

      const result = await db.transaction().execute(async (tx) => {
        const before = peopleOf(
          await tx
            .selectFrom('wbs_people')
            .select(['executor_id', 'curator_id'])
            .where('space_id', '=', spaceId)
            .where('version_id', '=', params.id)
            .where('wbs_id', '=', body.wbs_id)
            .forUpdate()
            .executeTakeFirst(),
        );
        const after = {
          executor_id: body.executor_id === undefined ? before.executor_id : body.executor_id,
          curator_id: body.curator_id === undefined ? before.curator_id : body.curator_id,
        };
        await tx
          .insertInto('wbs_people')
          .values({
            space_id: spaceId,
            version_id: params.id,
            wbs_id: body.wbs_id,
            ...after,
            updated_by: userId,
          })
          .onConflict((o) =>
            o
              .columns(['space_id', 'version_id', 'wbs_id'])
              .doUpdateSet({ ...after, updated_by: userId, updated_at: new Date() }),
          )
          .execute();
        return { before, after };
      });

      events.publish({
        event: 'row_people_updated',
        space_id: spaceId,
        ids: [params.id],
        payload: { wbs_id: body.wbs_id, ...result.after },
      });
      const drafts: NoticeDraft[] = [];
      const link = { version_id: params.id, wbs_id: body.wbs_id };
      const task = { task: row.name };
      const { before, after } = result;
      if (after.executor_id && after.executor_id !== before.executor_id)
        drafts.push({
          spaceId,
          userId: after.executor_id,
          type: 'executor_assigned_to_task',
          params: task,
          link,
          actorId: userId,
        });
      if (after.curator_id && after.curator_id !== before.curator_id)
        drafts.push({
          spaceId,
          userId: after.curator_id,
          type: 'curator_assigned_to_task',
          params: task,
          link,
          actorId: userId,
        });
      // A newly named curator of a row whose calculated dates wait for acceptance is asked for it.
      if (after.curator_id && after.curator_id !== before.curator_id)
        drafts.push(...(await expertDataNotices(ctx, spaceId, params.id, userId, { rows: [body.wbs_id] })));
      await notify(ctx, drafts);
      return { wbs_id: body.wbs_id, ...after, previous: before };
    }),

    // The works a member gathers facts for (their timesheets list them): the executor of many rows
    // at once, by the same rule as one row's (a member flagged executor; null clears). Rows whose
    // executor changes publish row_people_updated, and the newly named member hears of each.
    implement(api.executors.setRowExecutors, async ({ params, body, space, userId }) => {
      const spaceId = space.spaceId;
      await getVersion(db, spaceId, params.id);
      const ids = [...new Set(body.wbs_ids)];
      const rows = await db
        .selectFrom('wbs_items')
        .select(['id', 'name'])
        .where('space_id', '=', spaceId)
        .where('version_id', '=', params.id)
        .where('id', 'in', ids)
        .execute();
      if (rows.length !== ids.length) throw badRequest('people.unknown_row', { field: 'body.wbs_ids' });
      if (body.executor_id) {
        const m = await db
          .selectFrom('space_members')
          .select('executor')
          .where('space_id', '=', spaceId)
          .where('user_id', '=', body.executor_id)
          .executeTakeFirst();
        if (!m?.executor) throw badRequest('people.not_executor', { field: 'body.executor_id' });
      }
      const executor = body.executor_id;
      const changed = await db.transaction().execute(async (tx) => {
        const before = new Map(
          (
            await tx
              .selectFrom('wbs_people')
              .select(['wbs_id', 'executor_id', 'curator_id'])
              .where('space_id', '=', spaceId)
              .where('version_id', '=', params.id)
              .where('wbs_id', 'in', ids)
              .forUpdate()
              .execute()
          ).map((r) => [r.wbs_id, r]),
        );
        const moved = ids.filter((id) => (before.get(id)?.executor_id ?? null) !== executor);
        if (moved.length)
          await tx
            .insertInto('wbs_people')
            .values(
              moved.map((id) => ({
                space_id: spaceId,
                version_id: params.id,
                wbs_id: id,
                executor_id: executor,
                curator_id: before.get(id)?.curator_id ?? null,
                updated_by: userId,
              })),
            )
            .onConflict((o) =>
              o
                .columns(['space_id', 'version_id', 'wbs_id'])
                .doUpdateSet({ executor_id: executor, updated_by: userId, updated_at: new Date() }),
            )
            .execute();
        return moved.map((id) => ({
          wbs_id: id,
          executor_id: executor,
          curator_id: before.get(id)?.curator_id ?? null,
        }));
      });
      for (const r of changed)
        events.publish({ event: 'row_people_updated', space_id: spaceId, ids: [params.id], payload: r });
      if (executor) {
        const names = new Map(rows.map((r) => [r.id, r.name]));
        await notify(
          ctx,
          changed.map((r) => ({
            spaceId,
            userId: executor,
            type: 'executor_assigned_to_task' as const,
            params: { task: names.get(r.wbs_id) ?? '' },
            link: { version_id: params.id, wbs_id: r.wbs_id },
            actorId: userId,
          })),
        );
      }
      const now = await db
        .selectFrom('wbs_people')
        .select(['wbs_id', 'executor_id', 'curator_id'])
        .where('space_id', '=', spaceId)
        .where('version_id', '=', params.id)
        .where('wbs_id', 'in', ids)
        .execute();
      const byId = new Map(now.map((r) => [r.wbs_id, r]));
      return {
        version_id: params.id,
        rows: ids.map((id) => peopleRow(id, byId.get(id))),
        changed: changed.length,
      };
    }),
  ];
}
