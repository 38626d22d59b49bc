// Spaces: create, rename, delete, demo content, members, settings, access.
import { api } from '../../api';
import { PERMISSION_MODULES } from '../../domain/admin/permissions';
import type { SpaceConfig } from '../../api/users';
import type { SpaceAccess } from '../auth/space-access';
import { matrixOf, unite } from '../../domain/admin/grants';
import { grantsFor } from '../services/access-grants';
import { ipAllowed } from '../auth/space-access';
import { CLOSE_MEMBERSHIP_CHANGED } from '../events/hub';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { addDemoStructure } from '../seed/demo';
import { licensedModules } from '../licence/seats';
import { iso } from '../services/mappers';
import { keepAModerator, listMembers } from '../services/members';
import { FREE_USER_CAP, createSpace } from '../services/spaces';
import { findUserByLogin } from '../services/users';

const SETTINGS = [
  'ip_allow_list',
  'plan_edit_days',
  'fact_edit_days',
  'default_language',
  'idle_timeout_minutes',
  'storage_max_file_bytes',
  'storage_quota_bytes',
] as const;
/** The stored settings as the contract has them (a quota is a bigint: a string from the driver). */
const settingsOf = <T extends { storage_quota_bytes: string | number | null }>(s: T) => ({
  ...s,
  storage_quota_bytes: s.storage_quota_bytes === null ? null : Number(s.storage_quota_bytes),
});

export const spaceConfig = (s: SpaceAccess, modules: SpaceConfig['modules']): SpaceConfig => ({
  space_id: s.spaceId,
  name: s.name,
  kind: s.kind,
  role_id: s.roleId,
  role_name: s.roleName,
  role_value: s.roleValue,
  can: {
    read: PERMISSION_MODULES.some((m) => s.permissions[m].includes('read')),
    // Editing plan data (any module but fact entry, which fact gatherers hold without planning).
    edit: PERMISSION_MODULES.some((m) => m !== 'facts' && s.permissions[m].includes('edit')),
    admin: s.permissions.administration.includes('admin'),
  },
  permissions: s.permissions,
  default_language: s.defaultLanguage,
  idle_timeout_minutes: s.idleTimeoutMinutes,
  licence: {
    user_cap: s.userCap,
    members: s.members,
    expires_at: s.licenceExpiresAt ? iso(s.licenceExpiresAt) : null,
  },
  modules,
});

const ok = { success: true as const };

export const spaceRoutes = (ctx: AppContext) => {
  const { db, events } = ctx;
  const membersChanged = (spaceId: string, ids: string[]) =>
    events.publish({ event: 'members_updated', space_id: spaceId, ids, payload: {} });

  return [
    implement(api.space.create, async ({ body, userId }) => {
      const { spaceId, moderatorRoleId } = await createSpace(db, {
        name: body.name,
        kind: 'free',
        ownerId: userId,
        userCap: FREE_USER_CAP,
      });
      return {
        id: spaceId,
        name: body.name,
        kind: 'free' as const,
        role_id: moderatorRoleId,
        role_value: 'moderator' as const,
        is_owner: true,
      };
    }),

    implement(api.space.rename, async ({ body, space }) => {
      const s = await db
        .updateTable('spaces')
        .set({ name: body.name })
        .where('id', '=', space.spaceId)
        .returningAll()
        .executeTakeFirstOrThrow();
      events.publish({ event: 'space_updated', space_id: s.id, ids: [s.id], payload: { name: s.name } });
      return { id: s.id, name: s.name, kind: s.kind, owner_id: s.owner_id, created_at: iso(s.created_at) };
    }),

    implement(api.space.remove, async ({ space }) => {
      await db.deleteFrom('spaces').where('id', '=', space.spaceId).execute();
      return ok;
    }),

    implement(api.space.deleteFree, async ({ space }) => {
      if (space.kind !== 'free') throw conflict('not_free_space');
      await db.deleteFrom('spaces').where('id', '=', space.spaceId).where('kind', '=', 'free').execute();
      return ok;
    }),

    implement(api.space.demo, async ({ space }) => {
      const ids = await addDemoStructure(db, space.spaceId);
      events.publish({ event: 'eps_updated', space_id: space.spaceId, ids: [ids.facility_id], payload: {} });
      return ids;
    }),

    implement(api.space.users, async ({ space }) => listMembers(db, space.spaceId)),

    implement(api.space.invite, async ({ body, space }) => {
      const user = await findUserByLogin(db, body.login);
      if (!user) throw notFound('user');
      const role = await db
        .selectFrom('roles')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where((eb) =>
          body.role_id
            ? eb('id', '=', body.role_id)
            : eb.and([eb('builtin', '=', true), eb('value', '=', 'student')]),
        )
        .executeTakeFirst();
      if (!role) throw notFound('role');
      const inserted = await db
        .insertInto('space_members')
        .values({ space_id: space.spaceId, user_id: user.id, role_id: role.id })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!inserted) throw conflict('already_member');
      membersChanged(space.spaceId, [user.id]);
      return (await listMembers(db, space.spaceId, user.id))[0]!;
    }),

    implement(api.space.kickout, async ({ body, space }) => {
      const [member] = await listMembers(db, space.spaceId, body.user_id);
      if (!member) throw notFound('member');
      if (member.role_value === 'moderator') await keepAModerator(db, space.spaceId, body.user_id);
      await db
        .deleteFrom('space_members')
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', body.user_id)
        .execute();
      membersChanged(space.spaceId, [body.user_id]);
      // Their sockets close (and reconnect): none of them hears this space from now on.
      events.closeSessions(body.user_id, { code: CLOSE_MEMBERSHIP_CHANGED });
      return ok;
    }),

    implement(api.space.setRole, async ({ body, space }) => {
      const [member] = await listMembers(db, space.spaceId, body.user_id);
      if (!member) throw notFound('member');
      const role = await db
        .selectFrom('roles')
        .select(['id', 'value'])
        .where('space_id', '=', space.spaceId)
        .where('id', '=', body.role_id)
        .executeTakeFirst();
      if (!role) throw notFound('role');
      if (member.role_value === 'moderator' && role.value !== 'moderator')
        await keepAModerator(db, space.spaceId, body.user_id);
      await db
        .updateTable('space_members')
        .set({ role_id: role.id })
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', body.user_id)
        .execute();
      membersChanged(space.spaceId, [body.user_id]);
      return (await listMembers(db, space.spaceId, body.user_id))[0]!;
    }),

    implement(api.space.getSettings, async ({ space }) => {
      const s = await db
        .selectFrom('spaces')
        .select(SETTINGS)
        .where('id', '=', space.spaceId)
        .executeTakeFirstOrThrow();
      return settingsOf(s);
    }),

    implement(api.space.putSettings, async ({ body, space, req }) => {
      // A moderator who locks out their own address could not undo it.
      if (!ipAllowed(body.ip_allow_list, req.ip))
        throw badRequest('ip_excludes_caller', { field: 'body.ip_allow_list', ip: req.ip });
      const s = await db
        .updateTable('spaces')
        .set({
          ip_allow_list: body.ip_allow_list,
          plan_edit_days: body.plan_edit_days,
          fact_edit_days: body.fact_edit_days,
          ...(body.default_language !== undefined ? { default_language: body.default_language } : {}),
          ...(body.idle_timeout_minutes !== undefined
            ? { idle_timeout_minutes: body.idle_timeout_minutes }
            : {}),
          ...(body.storage_max_file_bytes !== undefined
            ? { storage_max_file_bytes: body.storage_max_file_bytes }
            : {}),
          ...(body.storage_quota_bytes !== undefined
            ? { storage_quota_bytes: body.storage_quota_bytes }
            : {}),
        })
        .where('id', '=', space.spaceId)
        .returning(SETTINGS)
        .executeTakeFirstOrThrow();
      events.publish({ event: 'space_updated', space_id: space.spaceId, ids: [space.spaceId], payload: {} });
      return settingsOf(s);
    }),

    implement(api.space.access, async ({ query, space, userId }) => {
      if (query.eps_id) {
        const node = await db
          .selectFrom('eps_nodes')
          .select('id')
          .where('space_id', '=', space.spaceId)
          .where('id', '=', query.eps_id)
          .executeTakeFirst();
        if (!node) throw notFound('eps');
        // The caller's grants on that node and above it count there (access grants, api/access.ts).
        const granted = matrixOf(await grantsFor(db, space.spaceId, userId, [query.eps_id]));
        return spaceConfig(
          { ...space, permissions: unite(space.permissions, granted) },
          await licensedModules(db, ctx.config, space),
        );
      }
      return spaceConfig(space, await licensedModules(db, ctx.config, space));
    }),
  ];
};
