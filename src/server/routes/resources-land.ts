// An import lands its resources in the space's list: each resource a version's file brought
// (version_resources) is linked to the space resource of the same name, created when the space
// has none (kind cost for a cost resource, else resource; its type, unit and calendar from the
// file). Assignments and the resource screen then see one resource across versions.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { resourceTypeOf } from '../../domain/schedule/resource-type';
import type { DB } from '../db/schema';

const BATCH = 1000;

export async function landVersionResources(tx: Kysely<DB>, spaceId: string, versionId: string) {
  const brought = await tx
    .selectFrom('version_resources')
    .select(['id', 'name', 'kind', 'calendar_id'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .where('resource_id', 'is', null)
    .execute();
  if (brought.length === 0) return;
  const names = [...new Set(brought.map((r) => r.name))];
  const have = new Map<string, string>();
  for (let i = 0; i < names.length; i += BATCH) {
    const rows = await tx
      .selectFrom('resources')
      .select(['id', 'name'])
      .where('space_id', '=', spaceId)
      .where('name', 'in', names.slice(i, i + BATCH))
      .orderBy('sort_order')
      .execute();
    for (const r of rows) if (!have.has(r.name)) have.set(r.name, r.id);
  }
  const top = await tx
    .selectFrom('resources')
    .select((e) => e.fn.max('sort_order').as('m'))
    .where('space_id', '=', spaceId)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  let order = top?.m == null ? 0 : Number(top.m) + 1;
  const fresh = new Map<string, (typeof brought)[number]>();
  for (const r of brought) if (!have.has(r.name) && !fresh.has(r.name)) fresh.set(r.name, r);
  const toCreate = [...fresh.values()];
  for (let i = 0; i < toCreate.length; i += BATCH) {
    const created = await tx
      .insertInto('resources')
      .values(
        toCreate.slice(i, i + BATCH).map((r) => {
          const type = resourceTypeOf(r.kind);
          return {
            space_id: spaceId,
            name: r.name,
            kind: type === 'cost' ? 'cost' : 'resource',
            resource_type: type,
            unit: type === 'labor' || type === 'nonlabor' ? 'h' : '',
            calendar_id: r.calendar_id,
            limits: '[]',
            sort_order: order++,
          };
        }),
      )
      .returning(['id', 'name'])
      .execute();
    for (const r of created) have.set(r.name, r.id);
  }
  for (let i = 0; i < brought.length; i += BATCH) {
    const part = brought.slice(i, i + BATCH);
    await sql`UPDATE version_resources AS v SET resource_id = u.rid
      FROM unnest(${part.map((r) => r.id)}::text[], ${part.map((r) => have.get(r.name)!)}::uuid[]) AS u(id, rid)
      WHERE v.space_id = ${spaceId} AND v.version_id = ${versionId} AND v.id = u.id`.execute(tx);
  }
}
