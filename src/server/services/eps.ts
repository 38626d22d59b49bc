// Structure-tree helpers: typed look-ups within a space and sibling ordering.
import type { Kysely } from 'kysely';
import type { DB, EpsKind } from '../db/schema';
import { notFound } from '../errors';

export async function getNode(db: Kysely<DB>, spaceId: string, id: string, kind: EpsKind) {
  const node = await db
    .selectFrom('eps_nodes')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!node) throw notFound(kind);
  return node;
}

export async function nextNodeOrder(
  db: Kysely<DB>,
  spaceId: string,
  parentId: string | null,
): Promise<number> {
  const row = await db
    .selectFrom('eps_nodes')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('space_id', '=', spaceId)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .executeTakeFirst();
  return (row?.max ?? -1) + 1;
}

export async function nextVersionOrder(db: Kysely<DB>, spaceId: string, scheduleId: string): Promise<number> {
  const row = await db
    .selectFrom('versions')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('space_id', '=', spaceId)
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
  return (row?.max ?? -1) + 1;
}

export async function insertNode(
  db: Kysely<DB>,
  spaceId: string,
  kind: EpsKind,
  parentId: string | null,
  name: string,
) {
  return db
    .insertInto('eps_nodes')
    .values({
      space_id: spaceId,
      kind,
      parent_id: parentId,
      name,
      sort_order: await nextNodeOrder(db, spaceId, parentId),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertVersion(
  db: Kysely<DB>,
  spaceId: string,
  scheduleId: string,
  label: string,
  kind: 'version' | 'target',
) {
  return db
    .insertInto('versions')
    .values({
      space_id: spaceId,
      schedule_id: scheduleId,
      label,
      kind,
      sort_order: await nextVersionOrder(db, spaceId, scheduleId),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
