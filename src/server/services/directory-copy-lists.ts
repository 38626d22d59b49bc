// A directory's copy (copy-to) takes its lists along: each list of the source under the same
// name, holding the copies of its values (the value ids mapped old → new).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export async function copyLists(
  tx: Kysely<DB>,
  spaceId: string,
  fromId: string,
  toId: string,
  valueIdOf: ReadonlyMap<string, string>,
): Promise<void> {
  const lists = await tx
    .selectFrom('directory_lists')
    .select(['id', 'name'])
    .where('space_id', '=', spaceId)
    .where('directory_id', '=', fromId)
    .orderBy('created_at')
    .execute();
  if (lists.length === 0) return;
  const members = await tx
    .selectFrom('directory_list_values')
    .select(['list_id', 'value_id'])
    .where('space_id', '=', spaceId)
    .where(
      'list_id',
      'in',
      lists.map((l) => l.id),
    )
    .execute();
  const listIdOf = new Map(lists.map((l) => [l.id, randomUUID()]));
  await tx
    .insertInto('directory_lists')
    .values(
      lists.map((l) => ({ id: listIdOf.get(l.id)!, space_id: spaceId, directory_id: toId, name: l.name })),
    )
    .execute();
  const rows = members
    .filter((m) => valueIdOf.has(m.value_id))
    .map((m) => ({
      space_id: spaceId,
      list_id: listIdOf.get(m.list_id)!,
      value_id: valueIdOf.get(m.value_id)!,
    }));
  for (let i = 0; i < rows.length; i += 1000)
    await tx
      .insertInto('directory_list_values')
      .values(rows.slice(i, i + 1000))
      .execute();
}
