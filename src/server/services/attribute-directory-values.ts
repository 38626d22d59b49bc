// A directory-typed attribute holds the code of one of its directory's values (what the grid's
// directory-value picker writes). The batch refuses a new value that is not a code of the
// directory: 400 attribute.not_in_directory naming the attribute. Undo and redo are let through,
// so taking back an edit works after the value it restores left the directory.
import type { Kysely } from 'kysely';
import { firstOutsideList, writtenAttributeValues } from '../../domain/attribute/list-values';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';

export async function refuseOutsideDirectory(
  db: Kysely<DB>,
  spaceId: string,
  patches: Parameters<typeof writtenAttributeValues>[0],
): Promise<void> {
  const written = writtenAttributeValues(patches);
  if (written.length === 0) return;
  const attrs = await db
    .selectFrom('attributes')
    .select(['key', 'name', 'directory_id'])
    .where('space_id', '=', spaceId)
    .where('type', '=', 'directory')
    .where('directory_id', 'is not', null)
    .where('key', 'in', [...new Set(written.map((w) => w.key))])
    .execute();
  if (attrs.length === 0) return;
  const values = await db
    .selectFrom('directory_values')
    .select(['directory_id', 'code'])
    .where('space_id', '=', spaceId)
    .where('directory_id', 'in', [...new Set(attrs.map((a) => a.directory_id!))])
    .execute();
  const codes = new Map<string, string[]>();
  for (const v of values) {
    const list = codes.get(v.directory_id);
    if (list) list.push(v.code);
    else codes.set(v.directory_id, [v.code]);
  }
  const bad = firstOutsideList(written, new Map(attrs.map((a) => [a.key, codes.get(a.directory_id!) ?? []])));
  if (!bad) return;
  const attr = attrs.find((a) => a.key === bad.key)!;
  throw new HttpError(400, 'BadRequest', [
    {
      code: 'attribute.not_in_directory',
      params: { field: `attributes.${attr.key}`, name: attr.name, value: String(bad.value) },
    },
  ]);
}
