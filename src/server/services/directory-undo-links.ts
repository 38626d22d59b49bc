// What the foreign keys of directory values take with a deleted value — the WBS rows' links, the
// lists' entries, the resources' links, the relation rows naming it — read before a delete so
// that its undo (directory-undo.ts) can put them back where what they name still is.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** What goes with deleted values (the cascades of their foreign keys), kept to be put back. */
export interface Dependents {
  links: { version_id: string; wbs_id: string; value_id: string }[];
  lists: { list_id: string; value_id: string }[];
  resources: { resource_id: string; value_id: string }[];
  relations: {
    relation_id: string;
    id: string;
    source_value_id: string;
    target_value_id: string;
    norm: number;
  }[];
}

/** What the values' deletion would take with it. */
export async function dependentsOf(tx: Db, spaceId: string, ids: readonly string[]): Promise<Dependents> {
  if (ids.length === 0) return { links: [], lists: [], resources: [], relations: [] };
  const [links, lists, resources, relations] = await Promise.all([
    tx
      .selectFrom('wbs_directory_links')
      .select(['version_id', 'wbs_id', 'value_id'])
      .where('space_id', '=', spaceId)
      .where('value_id', 'in', ids)
      .execute(),
    tx
      .selectFrom('directory_list_values')
      .select(['list_id', 'value_id'])
      .where('space_id', '=', spaceId)
      .where('value_id', 'in', ids)
      .execute(),
    tx
      .selectFrom('resource_directory_links')
      .select(['resource_id', 'value_id'])
      .where('space_id', '=', spaceId)
      .where('value_id', 'in', ids)
      .execute(),
    tx
      .selectFrom('directory_relation_rows')
      .select(['relation_id', 'id', 'source_value_id', 'target_value_id', 'norm'])
      .where('space_id', '=', spaceId)
      .where((eb) => eb.or([eb('source_value_id', 'in', ids), eb('target_value_id', 'in', ids)]))
      .execute(),
  ]);
  return { links, lists, resources, relations: relations.map((r) => ({ ...r, norm: Number(r.norm) })) };
}

export const dependentKeys: { [K in keyof Dependents]: (d: Dependents[K][number]) => string } = {
  links: (l) => `${l.version_id}/${l.wbs_id}/${l.value_id}`,
  lists: (l) => `${l.list_id}/${l.value_id}`,
  resources: (r) => `${r.resource_id}/${r.value_id}`,
  relations: (r) => r.id,
};

/** Puts back what went with deleted values, where what it names still is. */
export async function putBack(tx: Db, spaceId: string, d: Partial<Dependents>) {
  const exists = async (
    table: 'wbs_items' | 'directory_lists' | 'resources' | 'directory_relations',
    ids: string[],
  ) =>
    ids.length === 0
      ? new Set<string>()
      : new Set(
          (
            await tx
              .selectFrom(table)
              .select('id')
              .where('space_id', '=', spaceId)
              .where('id', 'in', [...new Set(ids)])
              .execute()
          ).map((r) => r.id),
        );
  const links = d.links ?? [];
  if (links.length > 0) {
    const rows = await tx
      .selectFrom('wbs_items as i')
      .innerJoin('directory_values as v', (j) => j.onRef('v.space_id', '=', 'i.space_id'))
      .select(['i.version_id', 'i.id', 'v.id as value_id', 'v.directory_id'])
      .where('i.space_id', '=', spaceId)
      .where('i.id', 'in', [...new Set(links.map((l) => l.wbs_id))])
      .where('v.id', 'in', [...new Set(links.map((l) => l.value_id))])
      .execute();
    const here = new Map(rows.map((r) => [`${r.version_id}/${r.id}/${r.value_id}`, r.directory_id]));
    const back = links.flatMap((l) => {
      const directory_id = here.get(dependentKeys.links(l));
      return directory_id ? [{ space_id: spaceId, directory_id, ...l }] : [];
    });
    if (back.length > 0)
      await tx
        .insertInto('wbs_directory_links')
        .values(back)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  const lists = await exists(
    'directory_lists',
    (d.lists ?? []).map((l) => l.list_id),
  );
  const inLists = (d.lists ?? []).filter((l) => lists.has(l.list_id));
  if (inLists.length > 0)
    await tx
      .insertInto('directory_list_values')
      .values(inLists.map((l) => ({ space_id: spaceId, ...l })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  const resources = await exists(
    'resources',
    (d.resources ?? []).map((r) => r.resource_id),
  );
  const links2 = (d.resources ?? []).filter((r) => resources.has(r.resource_id));
  if (links2.length > 0) {
    const dirOf = new Map(
      (
        await tx
          .selectFrom('directory_values')
          .select(['id', 'directory_id'])
          .where('space_id', '=', spaceId)
          .where('id', 'in', [...new Set(links2.map((r) => r.value_id))])
          .execute()
      ).map((v) => [v.id, v.directory_id]),
    );
    const back = links2.flatMap((r) =>
      dirOf.has(r.value_id) ? [{ space_id: spaceId, directory_id: dirOf.get(r.value_id)!, ...r }] : [],
    );
    if (back.length > 0)
      await tx
        .insertInto('resource_directory_links')
        .values(back)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  const rel = d.relations ?? [];
  if (rel.length > 0) {
    const relations = await exists(
      'directory_relations',
      rel.map((r) => r.relation_id),
    );
    const values = new Set(
      (
        await tx
          .selectFrom('directory_values')
          .select('id')
          .where('space_id', '=', spaceId)
          .where('id', 'in', [...new Set(rel.flatMap((r) => [r.source_value_id, r.target_value_id]))])
          .execute()
      ).map((v) => v.id),
    );
    const back = rel.filter(
      (r) => relations.has(r.relation_id) && values.has(r.source_value_id) && values.has(r.target_value_id),
    );
    if (back.length > 0)
      await tx
        .insertInto('directory_relation_rows')
        .values(back.map((r) => ({ space_id: spaceId, ...r })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}
