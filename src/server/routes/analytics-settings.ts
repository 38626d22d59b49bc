// Analytics settings, presets and curved settings (spec §7 "Analytics settings"): what a user's
// dashboard at an EPS node shows. Each belongs to its user; per user, node and kind one is active
// (the first saved becomes active; deleting the active one makes the next one active).
import type { Kysely, Transaction } from 'kysely';
import { api } from '../../api';
import { DashboardConfig } from '../../api/analytics';
import type { AnalyticsSetting, SettingKind } from '../../api/analytics';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { implement } from '../http/register';

type Row = {
  id: string;
  eps_id: string | null;
  kind: SettingKind;
  name: string;
  config: Record<string, unknown>;
  active: boolean;
  sort_order: number;
};
const COLUMNS = ['id', 'eps_id', 'kind', 'name', 'config', 'active', 'sort_order'] as const;

const toApi = (r: Row): AnalyticsSetting => ({
  ...r,
  config: DashboardConfig.parse(r.config),
});

async function getNodeAny(db: Kysely<DB>, spaceId: string, id: string) {
  const n = await db
    .selectFrom('eps_nodes')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!n) throw notFound('eps');
}

/** The node of a list call: a space's own settings are asked for by the space id. */
const nodeOf = (id: string, spaceId: string) => (id === spaceId ? null : id);

async function list(
  db: Kysely<DB>,
  spaceId: string,
  userId: string,
  kind: SettingKind,
  epsId: string | null,
) {
  let q = db
    .selectFrom('analytics_settings')
    .select(COLUMNS)
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .where('kind', '=', kind);
  q = epsId === null ? q.where('eps_id', 'is', null) : q.where('eps_id', '=', epsId);
  const rows = await q.orderBy('sort_order').orderBy('created_at').execute();
  return { items: rows.map((r) => toApi(r as Row)) };
}

async function own(
  db: Kysely<DB> | Transaction<DB>,
  spaceId: string,
  userId: string,
  kind: SettingKind,
  id: string,
) {
  const r = await db
    .selectFrom('analytics_settings')
    .select(COLUMNS)
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound('analytics_setting');
  return r as Row;
}

function siblings(
  tx: Transaction<DB>,
  spaceId: string,
  userId: string,
  kind: SettingKind,
  epsId: string | null,
) {
  const q = tx
    .updateTable('analytics_settings')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .where('kind', '=', kind);
  return epsId === null ? q.where('eps_id', 'is', null) : q.where('eps_id', '=', epsId);
}

export function analyticsSettingRoutes({ db }: AppContext) {
  const r = api.analyticsSettings;
  const handlers = (kind: SettingKind) => ({
    list: async (spaceId: string, userId: string, epsId: string | null) => {
      if (epsId !== null) await getNodeAny(db, spaceId, epsId);
      return list(db, spaceId, userId, kind, epsId);
    },
    create: async (
      spaceId: string,
      userId: string,
      body: { eps_id: string | null; name: string; config: DashboardConfig },
    ) => {
      if (body.eps_id !== null) await getNodeAny(db, spaceId, body.eps_id);
      const existing = await list(db, spaceId, userId, kind, body.eps_id);
      const row = await db
        .insertInto('analytics_settings')
        .values({
          space_id: spaceId,
          user_id: userId,
          eps_id: body.eps_id,
          kind,
          name: body.name,
          config: JSON.stringify(body.config),
          active: existing.items.length === 0,
          sort_order: existing.items.reduce((m, s) => Math.max(m, s.sort_order + 1), 0),
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toApi(row as Row);
    },
    update: async (
      spaceId: string,
      userId: string,
      body: { id: string; name?: string | undefined; config?: DashboardConfig | undefined },
    ) => {
      await own(db, spaceId, userId, kind, body.id);
      const row = await db
        .updateTable('analytics_settings')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.config !== undefined ? { config: JSON.stringify(body.config) } : {}),
        })
        .where('space_id', '=', spaceId)
        .where('id', '=', body.id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toApi(row as Row);
    },
    setActive: async (spaceId: string, userId: string, id: string) =>
      db.transaction().execute(async (tx) => {
        const s = await own(tx, spaceId, userId, kind, id);
        await siblings(tx, spaceId, userId, kind, s.eps_id)
          .set({ active: false })
          .where('active', '=', true)
          .execute();
        const row = await tx
          .updateTable('analytics_settings')
          .set({ active: true })
          .where('space_id', '=', spaceId)
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        return toApi(row as Row);
      }),
    remove: async (spaceId: string, userId: string, id: string, epsId?: string) =>
      db.transaction().execute(async (tx) => {
        const s = await own(tx, spaceId, userId, kind, id);
        if (epsId !== undefined && s.eps_id !== nodeOf(epsId, spaceId)) throw notFound('analytics_setting');
        await tx
          .deleteFrom('analytics_settings')
          .where('space_id', '=', spaceId)
          .where('id', '=', id)
          .execute();
        if (s.active) {
          const next = await list(tx, spaceId, userId, kind, s.eps_id);
          const first = next.items[0];
          if (first)
            await tx
              .updateTable('analytics_settings')
              .set({ active: true })
              .where('space_id', '=', spaceId)
              .where('id', '=', first.id)
              .execute();
        }
        return { success: true as const };
      }),
  });
  const setting = handlers('setting');
  const curved = handlers('curved');
  const preset = handlers('preset');
  return [
    implement(r.settingList, async ({ params, space, userId }) =>
      setting.list(space.spaceId, userId, nodeOf(params.id, space.spaceId)),
    ),
    implement(r.settingCreate, async ({ body, space, userId }) =>
      setting.create(space.spaceId, userId, body),
    ),
    implement(r.settingUpdate, async ({ body, space, userId }) =>
      setting.update(space.spaceId, userId, body),
    ),
    implement(r.settingActive, async ({ params, space, userId }) =>
      setting.setActive(space.spaceId, userId, params.id),
    ),
    implement(r.settingDelete, async ({ params, space, userId }) =>
      setting.remove(space.spaceId, userId, params.id, params.eps_id),
    ),
    implement(r.curvedList, async ({ params, space, userId }) =>
      curved.list(space.spaceId, userId, nodeOf(params.id, space.spaceId)),
    ),
    implement(r.curvedCreate, async ({ body, space, userId }) => curved.create(space.spaceId, userId, body)),
    implement(r.curvedUpdate, async ({ body, space, userId }) => curved.update(space.spaceId, userId, body)),
    implement(r.curvedActive, async ({ params, space, userId }) =>
      curved.setActive(space.spaceId, userId, params.id),
    ),
    implement(r.curvedDelete, async ({ params, space, userId }) =>
      curved.remove(space.spaceId, userId, params.id),
    ),
    implement(r.curvedIndex, async ({ body, space, userId }) => {
      await db.transaction().execute(async (tx) => {
        for (const [i, id] of body.ids.entries()) {
          await own(tx, space.spaceId, userId, 'curved', id);
          await tx
            .updateTable('analytics_settings')
            .set({ sort_order: i })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', id)
            .execute();
        }
      });
      return { success: true as const };
    }),
    implement(r.presetList, async ({ query, space, userId }) =>
      preset.list(space.spaceId, userId, query.eps_id ?? null),
    ),
    implement(r.presetCreate, async ({ body, space, userId }) => preset.create(space.spaceId, userId, body)),
    implement(r.presetUpdate, async ({ body, space, userId }) => preset.update(space.spaceId, userId, body)),
    implement(r.presetActive, async ({ params, space, userId }) =>
      preset.setActive(space.spaceId, userId, params.id),
    ),
    implement(r.presetDelete, async ({ params, space, userId }) =>
      preset.remove(space.spaceId, userId, params.id),
    ),
  ];
}
