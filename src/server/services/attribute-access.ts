// Attributes as a role sees them: each attribute's effective access (the role's explicit access,
// else write for a role that edits and read for the others), the attributes that apply to a
// schedule or version (space-wide, on an ancestor node of its schedule, or on the version), and
// the checks the content reads and the batch writes run (hidden keys stripped, read-only refused).
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import { allows, defaultMatrix } from '../../domain/admin/permissions';
import { firstOutsideList, writtenAttributeValues } from '../../domain/attribute/list-values';
import type { Attribute, AttributeAccess, AttributeWithRoles } from '../../api/attributes';
import type { SpaceAccess } from '../auth/space-access';
import type { AttributesTable, DB, RoleValue } from '../db/schema';
import { HttpError } from '../errors';
import { iso } from './mappers';

export type AttributeRow = Selectable<AttributesTable>;

export const defaultAccess = (role: RoleValue): AttributeAccess =>
  allows(defaultMatrix(role), 'schedules', 'edit') ? 'write' : 'read';

/** Explicit access rows of the space: attribute id → role id → access. */
export async function accessRows(
  db: Kysely<DB>,
  spaceId: string,
): Promise<Map<string, Map<string, AttributeAccess>>> {
  const rows = await db
    .selectFrom('attribute_access')
    .select(['attribute_id', 'role_id', 'access'])
    .where('space_id', '=', spaceId)
    .execute();
  const out = new Map<string, Map<string, AttributeAccess>>();
  for (const r of rows) {
    let m = out.get(r.attribute_id);
    if (!m) out.set(r.attribute_id, (m = new Map()));
    m.set(r.role_id, r.access);
  }
  return out;
}

/** Every attribute of the space with the given role's effective access. */
export async function attributesForRole(
  db: Kysely<DB>,
  spaceId: string,
  role: { id: string; value: RoleValue },
): Promise<{ row: AttributeRow; access: AttributeAccess }[]> {
  const [rows, access] = await Promise.all([
    db.selectFrom('attributes').selectAll().where('space_id', '=', spaceId).orderBy('name').execute(),
    accessRows(db, spaceId),
  ]);
  return rows.map((row) => ({ row, access: access.get(row.id)?.get(role.id) ?? defaultAccess(role.value) }));
}

export const roleOf = (s: SpaceAccess) => ({ id: s.roleId, value: s.roleValue });

/** Keys of the attributes the caller's role may not see. */
export async function hiddenKeys(db: Kysely<DB>, space: SpaceAccess): Promise<string[]> {
  return (await attributesForRole(db, space.spaceId, roleOf(space)))
    .filter((a) => a.access === 'hidden')
    .map((a) => a.row.key);
}

/** Keys of the attributes some role of the space may not see (live events go to every role). */
export async function keysHiddenFromSomeRole(db: Kysely<DB>, spaceId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('attribute_access as x')
    .innerJoin('attributes as a', (j) =>
      j.onRef('a.space_id', '=', 'x.space_id').onRef('a.id', '=', 'x.attribute_id'),
    )
    .select('a.key')
    .where('x.space_id', '=', spaceId)
    .where('x.access', '=', 'hidden')
    .execute();
  return new Set(rows.map((r) => r.key));
}

/** Keys hidden from a member's role, by user id (jobs run without a request's space access). */
export async function hiddenKeysOfUser(db: Kysely<DB>, spaceId: string, userId: string): Promise<string[]> {
  const m = await db
    .selectFrom('space_members as m')
    .innerJoin('roles as r', (j) => j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'))
    .select(['r.id', 'r.value'])
    .where('m.space_id', '=', spaceId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!m) return [];
  return (await attributesForRole(db, spaceId, { id: m.id, value: m.value }))
    .filter((a) => a.access === 'hidden')
    .map((a) => a.row.key);
}

export const toAttribute = (row: AttributeRow, access: AttributeAccess): Attribute => ({
  id: row.id,
  key: row.key,
  name: row.name,
  type: row.type,
  scope: row.scope,
  node_id: row.node_id,
  list_values: row.list_values as unknown as string[],
  formula: row.formula,
  directory_id: row.directory_id,
  linked:
    row.linked_directory_id && row.linked_key
      ? { directory_id: row.linked_directory_id, key: row.linked_key }
      : null,
  access,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** The attribute with every role's access (explicit or default). */
export async function withRoles(
  db: Kysely<DB>,
  spaceId: string,
  row: AttributeRow,
  callerAccess: AttributeAccess,
  access?: Map<string, Map<string, AttributeAccess>>,
): Promise<AttributeWithRoles> {
  const [roles, explicit] = await Promise.all([
    db
      .selectFrom('roles')
      .select(['id', 'value'])
      .where('space_id', '=', spaceId)
      .orderBy('created_at')
      .execute(),
    access ? Promise.resolve(access) : accessRows(db, spaceId),
  ]);
  const mine = explicit.get(row.id);
  return {
    ...toAttribute(row, callerAccess),
    roles: roles.map((r) => {
      const a = mine?.get(r.id);
      return { role_id: r.id, access: a ?? defaultAccess(r.value), explicit: a !== undefined };
    }),
  };
}

/** The EPS nodes from a node up to the root (the node first). */
export async function ancestorIds(db: Kysely<DB>, spaceId: string, nodeId: string): Promise<string[]> {
  const r = await sql<{ id: string }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS depth FROM eps_nodes WHERE space_id = ${spaceId} AND id = ${nodeId}
      UNION ALL
      SELECT n.id, n.parent_id, up.depth + 1 FROM eps_nodes n
      JOIN up ON n.space_id = ${spaceId} AND n.id = up.parent_id
    ) SELECT id FROM up ORDER BY depth`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Whether an attribute applies to a schedule (and, if given, one of its versions). */
export function appliesTo(
  row: AttributeRow,
  scheduleAncestors: readonly string[],
  versionIds: ReadonlySet<string>,
): boolean {
  if (row.scope === 'space') return true;
  if (row.scope === 'version') return row.node_id !== null && versionIds.has(row.node_id);
  return row.node_id !== null && scheduleAncestors.includes(row.node_id);
}

/** The attribute keys a batch's patches write directly (['rows', id, 'attributes', key …]). */
export function writtenAttributeKeys(
  patches: readonly { path: readonly (string | number)[]; value?: unknown }[],
): Set<string> {
  const keys = new Set<string>();
  for (const p of patches) {
    if (p.path[0] !== 'rows' || p.path[2] !== 'attributes') continue;
    if (p.path.length >= 4) keys.add(String(p.path[3]));
    else if (p.value && typeof p.value === 'object') for (const k of Object.keys(p.value)) keys.add(k);
  }
  return keys;
}

/**
 * 403 attribute.read_only when the caller may not write one of the keys (or it is calculated);
 * 403 attribute.linked for a linked attribute, which mirrors a directory (only the directory's
 * update-linked-values writes it, and an undo or redo of that change: `allowLinked`).
 */
export async function refuseReadOnly(
  db: Kysely<DB>,
  space: SpaceAccess,
  keys: ReadonlySet<string>,
  allowLinked = false,
): Promise<void> {
  if (keys.size === 0) return;
  for (const a of await attributesForRole(db, space.spaceId, roleOf(space))) {
    if (!keys.has(a.row.key)) continue;
    if (a.row.linked_directory_id !== null && !allowLinked)
      throw new HttpError(403, 'Forbidden', [
        { code: 'attribute.linked', params: { key: a.row.key, name: a.row.name } },
      ]);
    if (a.access !== 'write' || a.row.type === 'formula')
      throw new HttpError(403, 'Forbidden', [
        {
          code: a.row.type === 'formula' ? 'attribute.calculated' : 'attribute.read_only',
          params: { key: a.row.key, name: a.row.name },
        },
      ]);
  }
}

/** 400 attribute.not_in_list when a patch writes a list attribute a value its list lacks. */
export async function refuseOutsideList(
  db: Kysely<DB>,
  spaceId: string,
  patches: Parameters<typeof writtenAttributeValues>[0],
): Promise<void> {
  const written = writtenAttributeValues(patches);
  if (written.length === 0) return;
  const lists = await db
    .selectFrom('attributes')
    .select(['key', 'name', 'list_values'])
    .where('space_id', '=', spaceId)
    .where('type', '=', 'list')
    .where('key', 'in', [...new Set(written.map((w) => w.key))])
    .execute();
  if (lists.length === 0) return;
  const bad = firstOutsideList(
    written,
    new Map(lists.map((l) => [l.key, l.list_values as unknown as string[]])),
  );
  if (!bad) return;
  const attr = lists.find((l) => l.key === bad.key)!;
  throw new HttpError(400, 'BadRequest', [
    {
      code: 'attribute.not_in_list',
      params: {
        field: `attributes.${attr.key}`,
        name: attr.name,
        value: String(bad.value),
        values: (attr.list_values as unknown as string[]).join(', '),
      },
    },
  ]);
}

/**
 * The items part of a columns read (kept shared by every reader) without the hidden keys: read
 * and written again only for a role that has hidden attributes.
 */
export function withoutAttributes(items: Buffer, hidden: readonly string[]): Buffer {
  const cols = JSON.parse(items.toString('utf8')) as { attributes: [number, Record<string, unknown>][] };
  cols.attributes = withoutHiddenAttributes(cols.attributes, hidden);
  return Buffer.from(JSON.stringify(cols));
}

/** A columns read's sparse attributes [position, values] without the hidden keys. */
export function withoutHiddenAttributes(
  attributes: readonly (readonly [number, Record<string, unknown>])[],
  hidden: readonly string[],
): [number, Record<string, unknown>][] {
  return attributes.flatMap(([ix, attrs]) => {
    const kept = Object.fromEntries(Object.entries(attrs).filter(([k]) => !hidden.includes(k)));
    return Object.keys(kept).length ? [[ix, kept] as [number, Record<string, unknown>]] : [];
  });
}
