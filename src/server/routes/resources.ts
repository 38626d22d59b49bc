// The resources of a space (src/api/resources.ts): a tree kept in sort order under each parent.
// A batch (matrix paste, import) writes all its rows in one transaction or none.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { api } from '../../api';
import type { Resource, ResourceLayout, ResourcePatch } from '../../api/resources';
import type { DB, ResourcesTable } from '../db/schema';
import type { AppContext } from '../context';
import { HttpError, badRequest, notFound } from '../errors';
import { implement } from '../http/register';
import { recordStep, undoRedo, undoState } from '../services/resource-undo';
import type { ResourceChange } from '../services/resource-undo';

type Db = Kysely<DB> | Transaction<DB>;

export const toResource = (r: Selectable<ResourcesTable>): Resource => ({
  id: r.id,
  parent_id: r.parent_id,
  code: r.code,
  name: r.name,
  kind: r.kind as Resource['kind'],
  resource_type: r.resource_type as Resource['resource_type'],
  unit: r.unit,
  price: Number(r.price),
  default_limit: Number(r.default_limit),
  limits: r.limits,
  calendar_id: r.calendar_id,
  specialty: r.specialty,
  user_id: r.user_id,
  sort_order: r.sort_order,
});

/** The resources of a space, parents before their children, siblings in sort order. */
export async function listResources(db: Db, spaceId: string): Promise<Resource[]> {
  const rows = await db
    .selectFrom('resources')
    .selectAll()
    .where('space_id', '=', spaceId)
    .orderBy('sort_order')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const children = new Map<string | null, Selectable<ResourcesTable>[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const parent = r.parent_id && ids.has(r.parent_id) ? r.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: Resource[] = [];
  const walk = (parent: string | null) => {
    for (const r of children.get(parent) ?? []) {
      out.push(toResource(r));
      walk(r.id);
    }
  };
  walk(null);
  return out;
}

/** The resources of these ids as they are now (absent ones left out). */
export async function readResources(db: Db, spaceId: string, ids: string[]): Promise<Map<string, Resource>> {
  const out = new Map<string, Resource>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .selectFrom('resources')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('id', 'in', ids.slice(i, i + 5000))
      .execute();
    for (const r of rows) out.set(r.id, toResource(r));
  }
  return out;
}

/** Checks the references of a resource's fields: parent, calendar and member in this space. */
async function checkRefs(db: Db, spaceId: string, id: string | null, f: ResourcePatch) {
  if (f.parent_id) {
    const parent = await db
      .selectFrom('resources')
      .select(['id', 'parent_id'])
      .where('space_id', '=', spaceId)
      .where('id', '=', f.parent_id)
      .executeTakeFirst();
    if (!parent) throw badRequest('invalid', { field: 'body.parent_id' });
    // A resource may not move under itself or its descendants.
    if (id) {
      let at: string | null = parent.id;
      const all = await db
        .selectFrom('resources')
        .select(['id', 'parent_id'])
        .where('space_id', '=', spaceId)
        .execute();
      const parentOf = new Map(all.map((r) => [r.id, r.parent_id]));
      for (let guard = 0; at && guard <= all.length; guard++, at = parentOf.get(at) ?? null)
        if (at === id) throw badRequest('invalid', { field: 'body.parent_id' });
    }
  }
  if (f.calendar_id) {
    const c = await db
      .selectFrom('calendars')
      .select('id')
      .where('space_id', '=', spaceId)
      .where('id', '=', f.calendar_id)
      .executeTakeFirst();
    if (!c) throw badRequest('invalid', { field: 'body.calendar_id' });
  }
  if (f.user_id) {
    const m = await db
      .selectFrom('space_members')
      .select('user_id')
      .where('space_id', '=', spaceId)
      .where('user_id', '=', f.user_id)
      .executeTakeFirst();
    if (!m) throw badRequest('invalid', { field: 'body.user_id' });
  }
}

/** The columns a patch sets (limits as JSON); undefined fields stay as they are. */
const columnsOf = (f: ResourcePatch) => {
  const { limits, ...rest } = f;
  return { ...rest, ...(limits ? { limits: JSON.stringify(limits) } : {}) };
};

async function nextOrder(db: Db, spaceId: string, parentId: string | null) {
  let q = db
    .selectFrom('resources')
    .select((e) => e.fn.max('sort_order').as('m'))
    .where('space_id', '=', spaceId);
  q = parentId ? q.where('parent_id', '=', parentId) : q.where('parent_id', 'is', null);
  const row = await q.executeTakeFirst();
  return row?.m == null ? 0 : Number(row.m) + 1;
}

async function insertResource(db: Db, spaceId: string, f: ResourcePatch & { name: string }) {
  const { name } = f;
  await checkRefs(db, spaceId, null, f);
  const sort = await nextOrder(db, spaceId, f.parent_id ?? null);
  return db
    .insertInto('resources')
    .values({
      ...columnsOf(f),
      name,
      limits: JSON.stringify(f.limits ?? []),
      space_id: spaceId,
      sort_order: sort,
      parent_id: f.parent_id ?? null,
      resource_type: f.resource_type ?? null,
      calendar_id: f.calendar_id ?? null,
      user_id: f.user_id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function updateResource(db: Db, spaceId: string, id: string, f: ResourcePatch) {
  const exists = await db
    .selectFrom('resources')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw notFound('resource');
  await checkRefs(db, spaceId, id, f);
  const cols = columnsOf(f);
  const row =
    Object.keys(cols).length === 0
      ? await db
          .selectFrom('resources')
          .selectAll()
          .where('space_id', '=', spaceId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      : await db
          .updateTable('resources')
          .set(cols)
          .where('space_id', '=', spaceId)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
  // What the versions show of the resource follows it.
  await db
    .updateTable('version_resources')
    .set({ name: row.name, calendar_id: row.calendar_id })
    .where('space_id', '=', spaceId)
    .where('resource_id', '=', id)
    .execute();
  return row;
}

export function resourceRoutes({ db }: AppContext) {
  return [
    implement(api.resources.list, async ({ query, space }) => {
      const all = await listResources(db, space.spaceId);
      const name = query.name?.trim().toLowerCase();
      const items = all.filter(
        (r) => (!query.kind || r.kind === query.kind) && (!name || r.name.toLowerCase().includes(name)),
      );
      return { items };
    }),

    implement(api.resources.create, async ({ body, space, userId }) =>
      toResource(
        await db.transaction().execute(async (tx) => {
          const row = await insertResource(tx, space.spaceId, body);
          const after = toResource(row);
          await recordStep(tx, { spaceId: space.spaceId, userId }, 'create', {
            resources: [{ id: row.id, before: null, after }],
          });
          return row;
        }),
      ),
    ),

    implement(api.resources.update, async ({ params, body, space, userId }) =>
      toResource(
        await db.transaction().execute(async (tx) => {
          const before = (await readResources(tx, space.spaceId, [params.id])).get(params.id) ?? null;
          const row = await updateResource(tx, space.spaceId, params.id, body);
          await recordStep(tx, { spaceId: space.spaceId, userId }, 'edit', {
            resources: [{ id: row.id, before, after: toResource(row) }],
          });
          return row;
        }),
      ),
    ),

    implement(api.resources.remove, async ({ params, space, userId }) => {
      await db.transaction().execute(async (tx) => {
        // The resource and its members, as they were, with the versions' copies and assignments
        // that go with them: the step its undo puts back.
        const all = await listResources(tx, space.spaceId);
        const subtree = new Set<string>([params.id]);
        for (const r of all) if (r.parent_id && subtree.has(r.parent_id)) subtree.add(r.id);
        const gone = all.filter((r) => subtree.has(r.id));
        if (gone.length === 0) throw notFound('resource');
        const ids = gone.map((r) => r.id);
        const copies = await tx
          .selectFrom('version_resources')
          .selectAll()
          .where('space_id', '=', space.spaceId)
          .where('resource_id', 'in', ids)
          .execute();
        const assignments =
          copies.length === 0
            ? []
            : await tx
                .selectFrom('version_assignments')
                .selectAll()
                .where('space_id', '=', space.spaceId)
                .where((e) =>
                  e.or(
                    copies.map((c) =>
                      e.and([e('version_id', '=', c.version_id), e('resource_id', '=', c.id)]),
                    ),
                  ),
                )
                .execute();
        await tx
          .deleteFrom('resources')
          .where('space_id', '=', space.spaceId)
          .where('id', '=', params.id)
          .execute();
        // Children went with it (ON DELETE CASCADE); their versions' copies and assignments go too.
        const left = tx.selectFrom('resources').select('id').where('space_id', '=', space.spaceId);
        await tx
          .deleteFrom('version_resources')
          .where('space_id', '=', space.spaceId)
          .where('resource_id', 'is not', null)
          .where('resource_id', 'not in', left)
          .execute();
        await recordStep(tx, { spaceId: space.spaceId, userId }, 'delete', {
          resources: gone.map((r) => ({ id: r.id, before: r, after: null })),
          copies,
          assignments,
        });
      });
      return { success: true as const };
    }),

    implement(api.resources.batch, async ({ body, space, userId }) => {
      const rows = await db.transaction().execute(async (tx) => {
        const ids = body.items.flatMap((it) => ('id' in it && it.id ? [it.id] : []));
        const before = await readResources(tx, space.spaceId, ids);
        const out: Selectable<ResourcesTable>[] = [];
        for (const [i, item] of body.items.entries()) {
          try {
            out.push(
              'id' in item && item.id
                ? await updateResource(tx, space.spaceId, item.id, item)
                : await insertResource(tx, space.spaceId, item as ResourcePatch & { name: string }),
            );
          } catch (err) {
            // Name the row of the batch that failed.
            if (!(err instanceof HttpError)) throw err;
            if (err.status === 404) throw badRequest('invalid', { field: `body.items.${i}.id` });
            for (const it of err.items)
              if (typeof it.params?.field === 'string')
                it.params.field = it.params.field.replace(/^body\./, `body.items.${i}.`);
            throw err;
          }
        }
        // One step: each resource once, as it was before the batch and as it is after it.
        const changes = new Map<string, ResourceChange>();
        for (const r of out)
          changes.set(r.id, { id: r.id, before: before.get(r.id) ?? null, after: toResource(r) });
        await recordStep(tx, { spaceId: space.spaceId, userId }, 'batch', {
          resources: [...changes.values()],
        });
        return out;
      });
      return { items: rows.map(toResource) };
    }),

    implement(api.resources.undoState, async ({ space, userId }) =>
      undoState(db, { spaceId: space.spaceId, userId }),
    ),

    implement(api.resources.undo, async ({ space, userId }) =>
      undoRedo(db, { spaceId: space.spaceId, userId }, 'undo', readResources),
    ),

    implement(api.resources.redo, async ({ space, userId }) =>
      undoRedo(db, { spaceId: space.spaceId, userId }, 'redo', readResources),
    ),

    implement(api.resources.layout, async ({ space, userId }) => {
      const row = await db
        .selectFrom('resource_layouts')
        .select('layout')
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return { layout: row ? (row.layout as ResourceLayout) : null };
    }),

    implement(api.resources.saveLayout, async ({ body, space, userId }) => {
      const layout = JSON.stringify(body);
      await db
        .insertInto('resource_layouts')
        .values({ space_id: space.spaceId, user_id: userId, layout })
        .onConflict((oc) =>
          oc.columns(['space_id', 'user_id']).doUpdateSet({ layout, updated_at: new Date() }),
        )
        .execute();
      return { layout: body };
    }),
  ];
}
