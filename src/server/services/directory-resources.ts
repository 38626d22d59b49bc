// Resource directories (spec §7 "versions/{id}/directory/... for WBS and resource directories"):
// a version's resources built from a directory or a list (copy-resources) and kept in line with
// a list (sync-resources-with-list), as copy-wbs and sync-with-list do for its WBS. Resources are
// the space's, so a value stands for one space resource (resource_directory_links, 061); the
// version takes its copies of the leaves' resources (version_resources, what assignments name).
// Renames reach the space resource and every version's copy of it. One transaction.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ResourceSync } from '../../api/directories';
import { listSyncChanges, planResources, type ResourceNode } from '../../domain/directory';
import type { DB } from '../db/schema';
import { conflict } from '../errors';
import { versionResourcesOf } from './version-resources';

/** Resource names are 1–200 characters; a value's name may be longer. */
const resourceName = (name: string) => name.slice(0, 200) || '—';

export async function resourcesFromDirectory(
  db: Kysely<DB>,
  s: { spaceId: string; versionId: string },
  version: { locked: boolean },
  directoryId: string,
  scope: ReadonlySet<string> | null,
  opts: { sync: boolean; dryRun: boolean },
): Promise<ResourceSync> {
  const [values, resources, links, copies] = await Promise.all([
    db
      .selectFrom('directory_values')
      .select(['id', 'parent_id', 'sort_order', 'code', 'name'])
      .where('space_id', '=', s.spaceId)
      .where('directory_id', '=', directoryId)
      .execute(),
    db
      .selectFrom('resources')
      .select(['id', 'parent_id', 'sort_order', 'code', 'name'])
      .where('space_id', '=', s.spaceId)
      .execute(),
    db
      .selectFrom('resource_directory_links')
      .select(['resource_id', 'value_id'])
      .where('space_id', '=', s.spaceId)
      .where('directory_id', '=', directoryId)
      .execute(),
    db
      .selectFrom('version_resources')
      .select('resource_id')
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .execute(),
  ]);
  const nodes = values.map((v) => ({ ...v, sort_order: Number(v.sort_order) }));
  const plan = planResources(
    nodes,
    resources.map((r): ResourceNode => ({ ...r, sort_order: Number(r.sort_order) })),
    links,
    scope,
    randomUUID,
  );
  const inVersion = new Set(copies.map((c) => c.resource_id));
  const changes = opts.sync
    ? listSyncChanges(
        nodes,
        resources,
        links.map((l) => ({ wbs_id: l.resource_id, value_id: l.value_id })),
        scope ?? new Set(nodes.map((v) => v.id)),
      )
    : { renames: [], left: [] };
  const out: ResourceSync = {
    created: plan.create.length,
    linked: plan.link.length,
    added: new Set(plan.leaves.filter((id) => !inVersion.has(id))).size,
    renamed: changes.renames.length,
    left: changes.left
      .filter((r) => inVersion.has(r.id))
      .map((r) => ({ resource_id: r.id, code: r.code, name: r.name, value_code: r.value_code })),
  };
  if (opts.dryRun) return out;
  if (version.locked) throw conflict('version_locked');
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < plan.create.length; i += 500)
      await tx
        .insertInto('resources')
        .values(
          plan.create.slice(i, i + 500).map((r) => ({
            space_id: s.spaceId,
            id: r.id,
            parent_id: r.parent_id,
            code: r.code,
            name: resourceName(r.name),
            sort_order: r.sort_order,
            limits: '[]',
          })),
        )
        .execute();
    const newLinks = [...plan.create.map((r) => ({ resource_id: r.id, value_id: r.value_id })), ...plan.link];
    for (let i = 0; i < newLinks.length; i += 1000)
      await tx
        .insertInto('resource_directory_links')
        .values(
          newLinks.slice(i, i + 1000).map((l) => ({ space_id: s.spaceId, directory_id: directoryId, ...l })),
        )
        .onConflict((oc) => oc.columns(['space_id', 'resource_id', 'directory_id']).doNothing())
        .execute();
    for (const r of changes.renames) {
      const name = resourceName(r.to.name);
      await tx
        .updateTable('resources')
        .set({ code: r.to.code, name })
        .where('space_id', '=', s.spaceId)
        .where('id', '=', r.id)
        .execute();
      await tx
        .updateTable('version_resources')
        .set({ name })
        .where('space_id', '=', s.spaceId)
        .where('resource_id', '=', r.id)
        .execute();
    }
    await versionResourcesOf(tx, s.spaceId, s.versionId, [...new Set(plan.leaves)]);
  });
  return out;
}
