// A version's copies of space resources: what its assignments refer to, made on first use (an
// assignment typed in the workbench, the norms of directory relations).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The version's copies of space resources (made on first use), by space resource id. */
export async function versionResourcesOf(tx: Kysely<DB>, spaceId: string, versionId: string, ids: string[]) {
  const have = new Map<string, string>();
  if (ids.length === 0) return have;
  for (const r of await tx
    .selectFrom('version_resources')
    .select(['id', 'resource_id'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .where('resource_id', 'in', ids)
    .orderBy('id')
    .execute())
    if (r.resource_id && !have.has(r.resource_id)) have.set(r.resource_id, r.id);
  const lacking = ids.filter((id) => !have.has(id));
  if (lacking.length) {
    const rs = await tx
      .selectFrom('resources')
      .select(['id', 'name', 'resource_type', 'calendar_id'])
      .where('space_id', '=', spaceId)
      .where('id', 'in', lacking)
      .execute();
    for (const r of rs) {
      await tx
        .insertInto('version_resources')
        .values({
          space_id: spaceId,
          version_id: versionId,
          id: r.id,
          name: r.name,
          kind: r.resource_type,
          calendar_id: r.calendar_id,
          resource_id: r.id,
        })
        .onConflict((oc) => oc.columns(['space_id', 'version_id', 'id']).doUpdateSet({ resource_id: r.id }))
        .execute();
      have.set(r.id, r.id);
    }
  }
  return have;
}
