// Directory lists (eps/{epsId}/directory/{id}/list/…: named subsets of a directory's values) and
// the version directory calls that build or sync a version's WBS from a directory or a list
// (versions/{id}/directory/{directoryId}/copy-wbs, …/sync-with-list/{listId}); a directory's graph
// of relations (…/graph), its invalid values (…/invalid-values) and the space's work-type
// directory (directory/worktypes-directory).
import type { Patch } from 'immer';
import { sql, type Kysely } from 'kysely';
import { api } from '../../api';
import type { DirectoryGraph, DirectoryList, InvalidValues } from '../../api/directories';
import { inDirectoryOrder, listSyncChanges, withAncestors } from '../../domain/directory';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { pushRowValues } from '../services/directory-donor';
import { updateLinkedValues } from '../services/directory-linked';
import {
  addValuesToVersion,
  applyPlan,
  planAdd,
  readVersionAndDirectory,
} from '../services/directory-to-version';
import { getDirectory, valuesOf } from './directories';
import { getVersion } from './versions';

export async function getList(db: Kysely<DB>, spaceId: string, directoryId: string, listId: string) {
  const l = await db
    .selectFrom('directory_lists')
    .select(['id', 'directory_id', 'name'])
    .where('space_id', '=', spaceId)
    .where('directory_id', '=', directoryId)
    .where('id', '=', listId)
    .executeTakeFirst();
  if (!l) throw notFound('directory_list');
  return l;
}

export async function directoryValues(db: Kysely<DB>, spaceId: string, directoryId: string) {
  const rows = await db
    .selectFrom('directory_values')
    .select(['id', 'parent_id', 'sort_order', 'code', 'name'])
    .where('space_id', '=', spaceId)
    .where('directory_id', '=', directoryId)
    .execute();
  return rows.map((r) => ({ ...r, sort_order: Number(r.sort_order) }));
}

export async function listIds(db: Kysely<DB>, spaceId: string, listId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('directory_list_values')
    .select('value_id')
    .where('space_id', '=', spaceId)
    .where('list_id', '=', listId)
    .execute();
  return new Set(rows.map((r) => r.value_id));
}

/**
 * The values a build from a directory takes: a list's values with the values above them (the
 * tree stays whole), or null for the whole directory; 400 for a list of another directory.
 */
export async function listScope(
  db: Kysely<DB>,
  spaceId: string,
  directoryId: string,
  listId: string | null | undefined,
): Promise<Set<string> | null> {
  if (!listId) return null;
  const l = await db
    .selectFrom('directory_lists')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('directory_id', '=', directoryId)
    .where('id', '=', listId)
    .executeTakeFirst();
  if (!l) throw badRequest('directory.list_unknown', { field: 'body.list_id' });
  return withAncestors(await directoryValues(db, spaceId, directoryId), await listIds(db, spaceId, l.id));
}

/** The lists of a directory (one or all) with their value ids in the directory's order. */
async function listsOf(db: Kysely<DB>, spaceId: string, directoryId: string, only?: string) {
  let q = db
    .selectFrom('directory_lists')
    .select(['id', 'directory_id', 'name'])
    .where('space_id', '=', spaceId)
    .where('directory_id', '=', directoryId);
  if (only) q = q.where('id', '=', only);
  const [lists, members, values] = await Promise.all([
    q.orderBy('name').execute(),
    db
      .selectFrom('directory_list_values as lv')
      .innerJoin('directory_lists as l', (j) =>
        j.onRef('l.space_id', '=', 'lv.space_id').onRef('l.id', '=', 'lv.list_id'),
      )
      .select(['lv.list_id', 'lv.value_id'])
      .where('lv.space_id', '=', spaceId)
      .where('l.directory_id', '=', directoryId)
      .execute(),
    directoryValues(db, spaceId, directoryId),
  ]);
  const byList = new Map<string, Set<string>>();
  for (const m of members) {
    const set = byList.get(m.list_id) ?? new Set<string>();
    set.add(m.value_id);
    byList.set(m.list_id, set);
  }
  return lists.map((l): DirectoryList => ({
    ...l,
    value_ids: inDirectoryOrder(values, byList.get(l.id) ?? new Set()),
  }));
}

/** The ids that are not values of the directory: a 400 naming the first one's field. */
async function checkValues(
  db: Kysely<DB>,
  spaceId: string,
  directoryId: string,
  ids: readonly string[],
  field: (i: number) => string,
) {
  if (!ids.length) return;
  const found = new Set(
    (
      await db
        .selectFrom('directory_values')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('directory_id', '=', directoryId)
        .where('id', 'in', [...new Set(ids)])
        .execute()
    ).map((r) => r.id),
  );
  const i = ids.findIndex((id) => !found.has(id));
  if (i >= 0) throw badRequest('directory.list_wrong_value', { field: field(i), value_id: ids[i]! });
}

export async function versionDirectory(db: Kysely<DB>, spaceId: string, directoryId: string) {
  const d = await db
    .selectFrom('directories')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', directoryId)
    .executeTakeFirst();
  if (!d) throw notFound('directory');
  return d.id;
}

/** The space attributes of type "directory" that point into the directory. */
const referenceAttributes = (db: Kysely<DB>, spaceId: string, directoryId: string) =>
  db
    .selectFrom('attributes')
    .select(['key', 'name'])
    .where('space_id', '=', spaceId)
    .where('type', '=', 'directory')
    .where('directory_id', '=', directoryId)
    .execute();

export function directoryListRoutes({ db, events }: AppContext) {
  return [
    implement(api.directories.lists, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      return listsOf(db, space.spaceId, d.id);
    }),

    implement(api.directories.listCreate, async ({ params, body, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const ids = body.value_ids ?? [];
      await checkValues(db, space.spaceId, d.id, ids, (i) => `body.value_ids.${i}`);
      const taken = await db
        .selectFrom('directory_lists')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('directory_id', '=', d.id)
        .where('name', '=', body.name)
        .executeTakeFirst();
      if (taken) throw conflict('directory.list_taken', { name: body.name, field: 'body.name' });
      const id = await db.transaction().execute(async (tx) => {
        const l = await tx
          .insertInto('directory_lists')
          .values({ space_id: space.spaceId, directory_id: d.id, name: body.name })
          .returning('id')
          .executeTakeFirstOrThrow();
        const unique = [...new Set(ids)];
        for (let i = 0; i < unique.length; i += 1000)
          await tx
            .insertInto('directory_list_values')
            .values(
              unique
                .slice(i, i + 1000)
                .map((value_id) => ({ space_id: space.spaceId, list_id: l.id, value_id })),
            )
            .execute();
        return l.id;
      });
      return (await listsOf(db, space.spaceId, d.id, id))[0]!;
    }),

    implement(api.directories.listGet, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const l = await listsOf(db, space.spaceId, d.id, params.listId);
      if (!l[0]) throw notFound('directory_list');
      return l[0];
    }),

    implement(api.directories.listDelete, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const l = await getList(db, space.spaceId, d.id, params.listId);
      await db
        .deleteFrom('directory_lists')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', l.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.directories.listValueAdd, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const l = await getList(db, space.spaceId, d.id, params.listId);
      await checkValues(db, space.spaceId, d.id, [params.valueId], () => 'params.valueId');
      await db
        .insertInto('directory_list_values')
        .values({ space_id: space.spaceId, list_id: l.id, value_id: params.valueId })
        .onConflict((oc) => oc.columns(['space_id', 'list_id', 'value_id']).doNothing())
        .execute();
      return (await listsOf(db, space.spaceId, d.id, l.id))[0]!;
    }),

    implement(api.directories.listValueRemove, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const l = await getList(db, space.spaceId, d.id, params.listId);
      await checkValues(db, space.spaceId, d.id, [params.valueId], () => 'params.valueId');
      await db
        .deleteFrom('directory_list_values')
        .where('space_id', '=', space.spaceId)
        .where('list_id', '=', l.id)
        .where('value_id', '=', params.valueId)
        .execute();
      return (await listsOf(db, space.spaceId, d.id, l.id))[0]!;
    }),

    implement(api.directories.listValues, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const l = await getList(db, space.spaceId, d.id, params.listId);
      const [values, ids] = await Promise.all([
        valuesOf(db, space.spaceId, d.id),
        listIds(db, space.spaceId, l.id),
      ]);
      const byId = new Map(values.map((v) => [v.id, v]));
      return inDirectoryOrder(values, ids).map((id) => byId.get(id)!);
    }),

    implement(api.directories.copyWbs, async ({ params, body, space, userId }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const dirId = await versionDirectory(db, space.spaceId, params.directoryId);
      const scope = await listScope(db, space.spaceId, dirId, body.list_id);
      return addValuesToVersion(
        db,
        events,
        { spaceId: space.spaceId, versionId: v.id, userId },
        v,
        dirId,
        scope,
        'cmd.directory_copy_wbs',
      );
    }),

    implement(api.directories.syncWithList, async ({ params, query, space, userId }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const dirId = await versionDirectory(db, space.spaceId, params.directoryId);
      const l = await getList(db, space.spaceId, dirId, params.listId);
      const s = { spaceId: space.spaceId, versionId: v.id, userId };
      const { values, items, links } = await readVersionAndDirectory(db, s, dirId);
      const scope = withAncestors(
        values.map((x) => ({ ...x, sort_order: Number(x.sort_order) })),
        await listIds(db, space.spaceId, l.id),
      );
      const plan = planAdd(values, items, links, scope);
      const changes = listSyncChanges(
        values.map((x) => ({ ...x, sort_order: Number(x.sort_order) })),
        items,
        links,
        scope,
      );
      const out = {
        added: plan.added.length,
        linked: plan.newLinks.length - plan.added.length,
        renamed: changes.renames.length,
        left: changes.left.map((r) => ({
          wbs_id: r.id,
          code: r.code,
          name: r.name,
          value_code: r.value_code,
        })),
        revision: v.revision,
      };
      if (query.dry_run === 'true') return out;
      if (v.locked) throw conflict('version_locked');
      const patches: Patch[] = [];
      const inverse: Patch[] = [];
      for (const r of changes.renames)
        for (const field of ['code', 'name'] as const)
          if (r.from[field] !== r.to[field]) {
            patches.push({ op: 'replace', path: ['rows', r.id, field], value: r.to[field] });
            inverse.push({ op: 'replace', path: ['rows', r.id, field], value: r.from[field] });
          }
      out.revision = await applyPlan(db, events, s, v.revision, dirId, plan, 'cmd.directory_sync_list', {
        patches,
        inverse,
      });
      return out;
    }),
    implement(api.directories.graph, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const [relations, attributes, directories, worktypes] = await Promise.all([
        db
          .selectFrom('directory_relations')
          .select(['source_directory_id', 'target_directory_id', 'name'])
          .where('space_id', '=', space.spaceId)
          .where((eb) => eb.or([eb('source_directory_id', '=', d.id), eb('target_directory_id', '=', d.id)]))
          .execute(),
        db
          .selectFrom('attributes')
          .select(['key', 'name', 'type', 'directory_id', 'linked_directory_id', 'linked_key'])
          .where('space_id', '=', space.spaceId)
          .execute(),
        db.selectFrom('directories').select(['id', 'name']).where('space_id', '=', space.spaceId).execute(),
        db
          .selectFrom('directory_worktypes')
          .select('directory_id')
          .where('space_id', '=', space.spaceId)
          .executeTakeFirst(),
      ]);
      const dirName = new Map(directories.map((x) => [x.id, x.name]));
      const attrByKey = new Map(attributes.map((a) => [a.key, a]));
      const nodes = new Map<string, DirectoryGraph['nodes'][number]>();
      const dirNode = (id: string) =>
        nodes.set(id, {
          id,
          kind: 'directory',
          name: dirName.get(id) ?? '',
          worktypes: worktypes?.directory_id === id,
        });
      const attrNode = (key: string) =>
        nodes.set(key, {
          id: key,
          kind: 'attribute',
          name: attrByKey.get(key)?.name ?? key,
          worktypes: false,
        });
      dirNode(d.id);
      const edges: DirectoryGraph['edges'] = [];
      for (const r of relations) {
        dirNode(r.source_directory_id);
        dirNode(r.target_directory_id);
        edges.push({
          from: r.source_directory_id,
          to: r.target_directory_id,
          kind: 'relation',
          label: r.name,
        });
      }
      const ownName = new Map(d.attributes.map((a) => [a.key, a.name]));
      for (const a of attributes) {
        if (a.linked_directory_id === d.id && a.linked_key) {
          attrNode(a.key);
          edges.push({
            from: d.id,
            to: a.key,
            kind: 'linked',
            label: ownName.get(a.linked_key) ?? a.linked_key,
          });
        }
        if (a.type === 'directory' && a.directory_id === d.id) {
          attrNode(a.key);
          edges.push({ from: a.key, to: d.id, kind: 'reference', label: a.name });
        }
      }
      for (const a of d.attributes)
        if (a.donor_to && attrByKey.has(a.donor_to)) {
          attrNode(a.donor_to);
          edges.push({ from: d.id, to: a.donor_to, kind: 'donor', label: a.name });
        }
      return { nodes: [...nodes.values()], edges };
    }),

    implement(api.directories.invalidValues, async ({ params, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const [attrs, codes] = await Promise.all([
        referenceAttributes(db, space.spaceId, d.id),
        directoryValues(db, space.spaceId, d.id).then((vs) => new Set(vs.map((v) => v.code))),
      ]);
      const unknown: InvalidValues['unknown'] = [];
      if (attrs.length) {
        const rows = await db
          .selectFrom('wbs_items as i')
          .innerJoin('versions as ver', (j) =>
            j.onRef('ver.space_id', '=', 'i.space_id').onRef('ver.id', '=', 'i.version_id'),
          )
          .select([
            'i.version_id',
            'ver.label',
            'ver.schedule_id',
            'i.id',
            'i.code',
            'i.name',
            'i.attributes',
          ])
          .where('i.space_id', '=', space.spaceId)
          .where(sql<boolean>`i.attributes ?| ARRAY[${sql.join(attrs.map((a) => a.key))}]::text[]`)
          .orderBy('ver.label')
          .orderBy('i.order_key')
          .limit(100_000)
          .execute();
        for (const r of rows) {
          const values = (r.attributes ?? {}) as Record<string, unknown>;
          for (const a of attrs) {
            const v = values[a.key];
            if (v === undefined || v === null || v === '' || codes.has(String(v))) continue;
            unknown.push({
              version_id: r.version_id,
              version_label: r.label,
              schedule_id: r.schedule_id,
              wbs_id: r.id,
              code: r.code ?? '',
              name: r.name,
              attribute_key: a.key,
              attribute_name: a.name,
              value: String(v),
            });
          }
        }
      }
      const stale = await updateLinkedValues(db, events, space, userId, d.id, true);
      return { unknown, stale_linked: stale };
    }),

    implement(api.directories.invalidValueFix, async ({ params, body, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const attr = (await referenceAttributes(db, space.spaceId, d.id)).find(
        (a) => a.key === body.attribute_key,
      );
      if (!attr) throw badRequest('directory.not_reference', { field: 'body.attribute_key' });
      if (
        body.code !== null &&
        !(await directoryValues(db, space.spaceId, d.id)).some((v) => v.code === body.code)
      )
        throw badRequest('directory.unknown_code', { code: body.code, field: 'body.code' });
      const row = await db
        .selectFrom('wbs_items as i')
        .innerJoin('versions as ver', (j) =>
          j.onRef('ver.space_id', '=', 'i.space_id').onRef('ver.id', '=', 'i.version_id'),
        )
        .select([
          'i.version_id',
          'ver.label',
          'ver.schedule_id',
          'ver.locked',
          'ver.revision',
          'i.id',
          'i.attributes',
        ])
        .where('i.space_id', '=', space.spaceId)
        .where('i.version_id', '=', body.version_id)
        .where('i.id', '=', body.wbs_id)
        .executeTakeFirst();
      if (!row) throw notFound('wbs');
      if (row.locked) throw conflict('version_locked');
      return pushRowValues(
        db,
        events,
        space,
        userId,
        [{ ...row, values: { [attr.key]: body.code } }],
        'cmd.directory_fix_value',
        false,
      );
    }),

    implement(api.directories.worktypesGet, async ({ space }) => {
      const w = await db
        .selectFrom('directory_worktypes')
        .select('directory_id')
        .where('space_id', '=', space.spaceId)
        .executeTakeFirst();
      return { directory_id: w?.directory_id ?? null };
    }),

    implement(api.directories.worktypesSet, async ({ body, space }) => {
      if (body.directory_id === null) {
        await db.deleteFrom('directory_worktypes').where('space_id', '=', space.spaceId).execute();
        return { directory_id: null };
      }
      const d = await db
        .selectFrom('directories')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', body.directory_id)
        .executeTakeFirst();
      if (!d) throw badRequest('directory.unknown', { field: 'body.directory_id' });
      await db
        .insertInto('directory_worktypes')
        .values({ space_id: space.spaceId, directory_id: d.id })
        .onConflict((oc) => oc.column('space_id').doUpdateSet({ directory_id: d.id }))
        .execute();
      return { directory_id: d.id };
    }),
  ];
}
