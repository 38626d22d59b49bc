// A version's imported resources as the node information panel reads them: a node's resource
// assignments (version_assignments joined with version_resources) and the attribute
// definitions of version_models (which label an attribute key stands for) with the keys the
// version's rows use. Read-only.
import { sql } from 'kysely';
import { api } from '../../api';
import type { Assignment } from '../../api/version-resources';
import { resourceTypeOf } from '../../domain/schedule/resource-type';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import { ancestorIds, appliesTo, attributesForRole, roleOf } from '../services/attribute-access';
import { getVersion } from './versions';

export function versionResourceRoutes({ db }: AppContext) {
  return [
    implement(api.versionResources.assignments, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const node = await db
        .selectFrom('wbs_items')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .where('id', '=', params.wbsId)
        .executeTakeFirst();
      if (!node) throw notFound('wbs_item');
      const rows = await db
        .selectFrom('version_assignments as a')
        .innerJoin('version_resources as r', (j) =>
          j
            .onRef('r.space_id', '=', 'a.space_id')
            .onRef('r.version_id', '=', 'a.version_id')
            .onRef('r.id', '=', 'a.resource_id'),
        )
        .select(['a.id', 'a.wbs_id', 'a.resource_id', 'a.units', 'r.name', 'r.kind', 'r.calendar_id'])
        .where('a.space_id', '=', space.spaceId)
        .where('a.version_id', '=', params.id)
        .where('a.wbs_id', '=', params.wbsId)
        .orderBy('r.name')
        .orderBy('a.id')
        .execute();
      const items = rows.map((r): Assignment => {
        const type = resourceTypeOf(r.kind);
        return {
          id: r.id,
          wbs_id: r.wbs_id,
          resource_id: r.resource_id,
          resource_name: r.name,
          kind: type === 'cost' ? 'cost' : 'resource',
          resource_type: type,
          units: Number(r.units),
          calendar_id: r.calendar_id,
        };
      });
      return { items };
    }),

    implement(api.versionResources.attributes, async ({ params, space }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      const [up, defined] = await Promise.all([
        ancestorIds(db, space.spaceId, version.schedule_id),
        attributesForRole(db, space.spaceId, roleOf(space)),
      ]);
      const typed = defined.filter((a) => appliesTo(a.row, up, new Set([version.id])));
      const hidden = new Set(defined.filter((a) => a.access === 'hidden').map((a) => a.row.key));
      const meta = await db
        .selectFrom('version_models')
        .select('attribute_defs')
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .executeTakeFirst();
      const defs = (meta?.attribute_defs ?? {}) as Record<string, unknown>;
      // Keys the rows hold without a definition (a CSV column, an edit) are attributes too,
      // labelled by their key.
      const used = await sql<{ key: string }>`
        SELECT DISTINCT jsonb_object_keys(attributes) AS key FROM wbs_items
        WHERE space_id = ${space.spaceId} AND version_id = ${params.id} AND attributes <> '{}'::jsonb
      `.execute(db);
      const labels = new Map(Object.entries(defs).map(([key, label]) => [key, String(label)]));
      for (const { key } of used.rows) if (!labels.has(key)) labels.set(key, key);
      for (const a of typed) labels.set(a.row.key, a.row.name);
      const byKey = new Map(typed.map((a) => [a.row.key, a]));
      const items = [...labels]
        .filter(([key]) => !hidden.has(key))
        .map(([key, label]) => {
          const a = byKey.get(key);
          return a
            ? {
                key,
                label,
                type: a.row.type,
                access: a.access,
                formula: a.row.formula,
                list_values: a.row.list_values as unknown as string[],
                linked_directory_id: a.row.linked_directory_id,
                directory_id: a.row.type === 'directory' ? a.row.directory_id : null,
              }
            : { key, label };
        })
        .sort((a, b) => a.label.localeCompare(b.label) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return { items };
    }),
  ];
}
