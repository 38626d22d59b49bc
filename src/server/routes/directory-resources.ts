// Resource directories: a version's resources from a directory or a list
// (versions/{id}/directory/{directoryId}/copy-resources, …/sync-resources-with-list/{listId}) and a
// space resource's links to directory values (resources/{id}/directory), shown with the value's
// attributes on the Resources screen as a WBS row shows its linked attributes.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { ResourceDirectoryLink } from '../../api/directories';
import { codePath, withAncestors } from '../../domain/directory';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { implement } from '../http/register';
import { resourcesFromDirectory } from '../services/directory-resources';
import { directoryValues, getList, listIds, listScope, versionDirectory } from './directory-lists';
import { getVersion } from './versions';

async function resourceOf(db: Kysely<DB>, spaceId: string, id: string) {
  const r = await db
    .selectFrom('resources')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound('resource');
  return r.id;
}

/** A resource's links, each with its value's path, name and attribute values. */
async function linksOf(
  db: Kysely<DB>,
  spaceId: string,
  resourceId: string,
): Promise<ResourceDirectoryLink[]> {
  const links = await db
    .selectFrom('resource_directory_links')
    .select(['directory_id', 'value_id'])
    .where('space_id', '=', spaceId)
    .where('resource_id', '=', resourceId)
    .execute();
  if (links.length === 0) return [];
  const dirIds = links.map((l) => l.directory_id);
  const [values, dirs] = await Promise.all([
    db
      .selectFrom('directory_values')
      .select(['id', 'parent_id', 'sort_order', 'code', 'name', 'attribute_values'])
      .where('space_id', '=', spaceId)
      .where('directory_id', 'in', dirIds)
      .execute(),
    db
      .selectFrom('directories')
      .select(['id', 'name', 'attributes'])
      .where('space_id', '=', spaceId)
      .where('id', 'in', dirIds)
      .execute(),
  ]);
  const nodes = values.map((v) => ({ ...v, sort_order: Number(v.sort_order) }));
  return links
    .map((l) => {
      const v = nodes.find((x) => x.id === l.value_id);
      const d = dirs.find((x) => x.id === l.directory_id);
      const own = (v?.attribute_values ?? {}) as Record<string, unknown>;
      return {
        directory_id: l.directory_id,
        value_id: l.value_id,
        path: codePath(nodes, l.value_id),
        name: v?.name ?? '',
        attributes: (d?.attributes ?? []).map((a) => ({
          key: a.key,
          name: a.name,
          value: own[a.key] == null ? '' : String(own[a.key]),
        })),
        order: d?.name ?? '',
      };
    })
    .sort((a, b) => a.order.localeCompare(b.order))
    .map(({ order: _order, ...l }) => l);
}

export function directoryResourceRoutes({ db }: AppContext) {
  return [
    implement(api.directories.copyResources, async ({ params, body, space }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const dirId = await versionDirectory(db, space.spaceId, params.directoryId);
      const scope = await listScope(db, space.spaceId, dirId, body.list_id);
      return resourcesFromDirectory(db, { spaceId: space.spaceId, versionId: v.id }, v, dirId, scope, {
        sync: false,
        dryRun: false,
      });
    }),

    implement(api.directories.syncResourcesWithList, async ({ params, query, space }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const dirId = await versionDirectory(db, space.spaceId, params.directoryId);
      const l = await getList(db, space.spaceId, dirId, params.listId);
      const scope = withAncestors(
        await directoryValues(db, space.spaceId, dirId),
        await listIds(db, space.spaceId, l.id),
      );
      return resourcesFromDirectory(db, { spaceId: space.spaceId, versionId: v.id }, v, dirId, scope, {
        sync: true,
        dryRun: query.dry_run === 'true',
      });
    }),

    implement(api.directories.resourceLinks, async ({ params, space }) => {
      const id = await resourceOf(db, space.spaceId, params.resourceId);
      return linksOf(db, space.spaceId, id);
    }),

    implement(api.directories.setResourceLink, async ({ params, body, space }) => {
      const id = await resourceOf(db, space.spaceId, params.resourceId);
      const d = await db
        .selectFrom('directories')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', body.directory_id)
        .executeTakeFirst();
      if (!d) throw badRequest('directory.unknown', { field: 'body.directory_id' });
      if (body.value_id === null) {
        await db
          .deleteFrom('resource_directory_links')
          .where('space_id', '=', space.spaceId)
          .where('resource_id', '=', id)
          .where('directory_id', '=', d.id)
          .execute();
      } else {
        const value = await db
          .selectFrom('directory_values')
          .select('id')
          .where('space_id', '=', space.spaceId)
          .where('directory_id', '=', d.id)
          .where('id', '=', body.value_id)
          .executeTakeFirst();
        if (!value)
          throw badRequest('directory.list_wrong_value', { field: 'body.value_id', value_id: body.value_id });
        await db
          .insertInto('resource_directory_links')
          .values({ space_id: space.spaceId, resource_id: id, directory_id: d.id, value_id: value.id })
          .onConflict((oc) =>
            oc.columns(['space_id', 'resource_id', 'directory_id']).doUpdateSet({ value_id: value.id }),
          )
          .execute();
      }
      return linksOf(db, space.spaceId, id);
    }),
  ];
}
