// The resources of a space (src/api/resources.ts): a tree kept in sort order under each parent.
// A batch (matrix paste, import) writes all its rows in one transaction or none.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { api } from '../../api';
import type { Resource, ResourcePatch } from '../../api/resources';
import type { DB, ResourcesTable } from '../db/schema';
import type { AppContext } from '../context';
import { HttpError, badRequest, notFound } from '../errors';
import { implement } from '../http/register';

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

    implement(api.resources.create, async ({ body, space }) =>
      toResource(await db.transaction().execute((tx) => insertResource(tx, space.spaceId, body))),
    ),

    implement(api.resources.update, async ({ params, body, space }) =>
      toResource(await db.transaction().execute((tx) => updateResource(tx, space.spaceId, params.id, body))),
    ),

    implement(api.resources.remove, async ({ params, space }) => {
      await db.transaction().execute(async (tx) => {
        const gone = await tx
          .deleteFrom('resources')
          .where('space_id', '=', space.spaceId)
          .where('id', '=', params.id)
          .returning('id')
          .execute();
        if (gone.length === 0) throw notFound('resource');
        // Children went with it (ON DELETE CASCADE); their versions' copies and assignments go too.
        const left = tx.selectFrom('resources').select('id').where('space_id', '=', space.spaceId);
        await tx
          .deleteFrom('version_resources')
          .where('space_id', '=', space.spaceId)
          .where('resource_id', 'is not', null)
          .where('resource_id', 'not in', left)
          .execute();
      });
      return { success: true as const };
    }),

    implement(api.resources.batch, async ({ body, space }) => {
      const rows = await db.transaction().execute(async (tx) => {
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
        return out;
      });
      return { items: rows.map(toResource) };
    }),
  ];
}
