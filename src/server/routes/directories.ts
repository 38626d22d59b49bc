// Directories of a space (eps/{epsId}/directory/…, GET directory) and the links of WBS rows to
// their values (versions/{id}/directory/wbs/{wbsId}). A directory belongs to an EPS node, or to
// the whole space when epsId is the space id; the node named in the path must be its owner.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { api } from '../../api';
import type { Directory, DirectorySummary, DirectoryValue, WbsDirectoryLink } from '../../api/directories';
import { Id, PROHIBITED_CHARACTERS, TEXT_MAX_LENGTH } from '../../api/common';
import {
  type TableEntry,
  childrenOf,
  codePath,
  readDirectoryTable,
  writeDirectoryTable,
} from '../../domain/directory';
import { formatCsv } from '../../domain/io/csv/parse';
import { packageXlsx } from '../../domain/io/xlsx/ooxml';
import type { AppContext } from '../context';
import type { DB, DirectoryAttributeDef } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { Binary, implement } from '../http/register';
import { directoryFileRows } from '../import/directory-file';
import { readUpload } from '../storage/multipart';
import { copyLists } from '../services/directory-copy-lists';
import { pushDonor } from '../services/directory-donor';
import { linkedAttributes, updateLinkedValues } from '../services/directory-linked';
import { addValuesToVersion } from '../services/directory-to-version';
import { editValues, withLinkedRows } from '../services/directory-value-edits';
import { getVersion } from './versions';

const MAX_DIRECTORY_FILE = 20 * 1024 * 1024;

const undoScope = (spaceId: string, userId: string, d: { id: string }) => ({
  spaceId,
  userId,
  directoryId: d.id,
});
/** The single value routes name their body's fields. */
const single = (_list: string, _i: number, field: string) => `body.${field}`;

type DirRow = { id: string; eps_id: string | null; name: string; attributes: DirectoryAttributeDef[] };

const summary = (d: DirRow, valueCount: number): DirectorySummary => ({
  id: d.id,
  eps_id: d.eps_id,
  name: d.name,
  attributes: d.attributes,
  value_count: valueCount,
});

/** A directory name from an uploaded file's name: the spec's 32 characters, no prohibited ones. */
const nameFromFile = (fileName: string) =>
  fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]+$/, '')
    .replace(new RegExp(PROHIBITED_CHARACTERS.source, 'g'), '')
    .trim()
    .slice(0, TEXT_MAX_LENGTH) || 'Directory';

async function ownerOf(db: Kysely<DB>, spaceId: string, epsId: string): Promise<string | null> {
  if (epsId === spaceId) return null;
  const node = await db
    .selectFrom('eps_nodes')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', epsId)
    .executeTakeFirst();
  if (!node) throw notFound('eps');
  return node.id;
}

export async function getDirectory(
  db: Kysely<DB>,
  spaceId: string,
  epsId: string,
  id: string,
): Promise<DirRow> {
  const d = await db
    .selectFrom('directories')
    .select(['id', 'eps_id', 'name', 'attributes'])
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!d || (d.eps_id ?? spaceId) !== epsId) throw notFound('directory');
  return withLinked(db, spaceId, d);
}

/** Attribute definitions as stored: linked_to is read from the linked attributes, never kept. */
const storedDefinitions = (attributes: readonly DirectoryAttributeDef[]) =>
  JSON.stringify(attributes.map(({ linked_to: _, ...a }) => a));

/** The directory's attributes with the key of the space attribute each is linked to (if any). */
async function withLinked(db: Kysely<DB>, spaceId: string, d: DirRow): Promise<DirRow> {
  const linked = await linkedAttributes(db, spaceId, d.id);
  const to = new Map(linked.map((a) => [a.linked_key, a.key]));
  return { ...d, attributes: d.attributes.map((a) => ({ ...a, linked_to: to.get(a.key) ?? null })) };
}

export async function valuesOf(
  db: Kysely<DB>,
  spaceId: string,
  directoryId: string,
): Promise<DirectoryValue[]> {
  const rows = await db
    .selectFrom('directory_values as v')
    .leftJoin('wbs_directory_links as l', (j) =>
      j.onRef('l.space_id', '=', 'v.space_id').onRef('l.value_id', '=', 'v.id'),
    )
    .select(['v.id', 'v.parent_id', 'v.sort_order', 'v.code', 'v.name', 'v.attribute_values'])
    .select((eb) => eb.fn.count<string>('l.wbs_id').as('linked'))
    .where('v.space_id', '=', spaceId)
    .where('v.directory_id', '=', directoryId)
    .groupBy(['v.id', 'v.parent_id', 'v.sort_order', 'v.code', 'v.name', 'v.attribute_values'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    parent_id: r.parent_id,
    sort_order: Number(r.sort_order),
    code: r.code,
    name: r.name,
    attribute_values: r.attribute_values,
    linked_rows: Number(r.linked),
  }));
}

async function fullDirectory(db: Kysely<DB>, spaceId: string, d: DirRow): Promise<Directory> {
  const values = await valuesOf(db, spaceId, d.id);
  return { ...summary(d, values.length), values };
}

/** Attribute values kept only for the directory's attributes (unknown keys are dropped). */
const knownValues = (d: DirRow, values: Record<string, string | number | null> | undefined) =>
  Object.fromEntries(Object.entries(values ?? {}).filter(([k]) => d.attributes.some((a) => a.key === k)));

/**
 * Upload with assignment: links the version's rows whose codes a value lists to that value (a row
 * listed under two values of the directory keeps the last); answers the count and the codes no
 * row has.
 */
async function assign(
  tx: Kysely<DB>,
  spaceId: string,
  versionId: string,
  directoryId: string,
  entries: readonly TableEntry[],
  idOf: ReadonlyMap<string, string>,
): Promise<{ assigned: number; unmatched: string[] }> {
  const valueOfCode = new Map<string, string>();
  for (const e of entries) for (const c of e.wbs_codes) valueOfCode.set(c, idOf.get(e.code)!);
  if (valueOfCode.size === 0) return { assigned: 0, unmatched: [] };
  const rows = await tx
    .selectFrom('wbs_items')
    .select(['id', 'code'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .where('code', 'in', [...valueOfCode.keys()])
    .execute();
  const found = new Set(rows.map((r) => r.code));
  for (let i = 0; i < rows.length; i += 1000)
    await tx
      .insertInto('wbs_directory_links')
      .values(
        rows.slice(i, i + 1000).map((r) => ({
          space_id: spaceId,
          version_id: versionId,
          wbs_id: r.id,
          directory_id: directoryId,
          value_id: valueOfCode.get(r.code)!,
        })),
      )
      .execute();
  return { assigned: rows.length, unmatched: [...valueOfCode.keys()].filter((c) => !found.has(c)) };
}

export function directoryRoutes({ db, events }: AppContext) {
  const count = async (spaceId: string, directoryId: string) =>
    Number(
      (
        await db
          .selectFrom('directory_values')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('space_id', '=', spaceId)
          .where('directory_id', '=', directoryId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A directory attribute made a donor to a space attribute (both must exist: 400 naming the field). */
  const setDonor = async (spaceId: string, d: DirRow, key: string, target: string) => {
    if (!d.attributes.some((a) => a.key === key)) throw badRequest('invalid', { field: 'body.key' });
    const t = await db
      .selectFrom('attributes')
      .select(['key', 'type'])
      .where('space_id', '=', spaceId)
      .where('key', '=', target)
      .executeTakeFirst();
    if (!t || t.type === 'formula') throw badRequest('invalid', { field: 'body.target' });
    return saveAttributes(
      spaceId,
      d,
      d.attributes.map((a) => (a.key === key ? { ...a, donor_to: target } : a)),
    );
  };

  const saveAttributes = async (spaceId: string, d: DirRow, attributes: DirectoryAttributeDef[]) => {
    await db
      .updateTable('directories')
      .set({ attributes: storedDefinitions(attributes) })
      .where('space_id', '=', spaceId)
      .where('id', '=', d.id)
      .execute();
    return summary({ ...d, attributes }, await count(spaceId, d.id));
  };

  /** A directory (or one of its attributes) goes: its linked attributes become ordinary ones. */
  const unlinkAttributes = async (spaceId: string, directoryId: string, key?: string) => {
    let q = db
      .updateTable('attributes')
      .set({ linked_directory_id: null, linked_key: null })
      .where('space_id', '=', spaceId)
      .where('linked_directory_id', '=', directoryId);
    if (key !== undefined) q = q.where('linked_key', '=', key);
    await q.execute();
  };

  /** The space attribute a directory attribute is linked to (404 when it is not). */
  const linkedOf = async (spaceId: string, d: DirRow, key: string) => {
    const a = await db
      .selectFrom('attributes')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('linked_directory_id', '=', d.id)
      .where('linked_key', '=', key)
      .executeTakeFirst();
    if (!a) throw notFound('attribute');
    return a;
  };

  const nameTaken = (err: unknown) => {
    if ((err as { code?: string }).code === '23505') throw conflict('attribute.name_taken');
    throw err;
  };

  /** The row's links, each with its value's code path and name. */
  const linksOf = async (spaceId: string, versionId: string, wbsId: string): Promise<WbsDirectoryLink[]> => {
    const links = await db
      .selectFrom('wbs_directory_links')
      .select(['directory_id', 'value_id'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('wbs_id', '=', wbsId)
      .execute();
    if (links.length === 0) return [];
    const values = await db
      .selectFrom('directory_values')
      .select(['id', 'parent_id', 'sort_order', 'code', 'name', 'directory_id'])
      .where('space_id', '=', spaceId)
      .where(
        'directory_id',
        'in',
        links.map((l) => l.directory_id),
      )
      .execute();
    return links.map((l) => ({
      directory_id: l.directory_id,
      value_id: l.value_id,
      path: codePath(values, l.value_id),
      name: values.find((v) => v.id === l.value_id)?.name ?? '',
    }));
  };

  const wbsRow = async (spaceId: string, versionId: string, wbsId: string) => {
    const v = await getVersion(db, spaceId, versionId);
    const row = await db
      .selectFrom('wbs_items')
      .select('id')
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('id', '=', wbsId)
      .executeTakeFirst();
    if (!row) throw notFound('wbs');
    return v;
  };

  return [
    implement(api.directories.list, async ({ space }) => {
      const rows = await db
        .selectFrom('directories as d')
        .select(['d.id', 'd.eps_id', 'd.name', 'd.attributes'])
        .select((eb) =>
          eb
            .selectFrom('directory_values as v')
            .select((e) => e.fn.countAll<string>().as('n'))
            .whereRef('v.space_id', '=', 'd.space_id')
            .whereRef('v.directory_id', '=', 'd.id')
            .as('n'),
        )
        .where('d.space_id', '=', space.spaceId)
        .orderBy('d.name')
        .orderBy('d.id')
        .execute();
      return Promise.all(
        rows.map(async (r) => summary(await withLinked(db, space.spaceId, r), Number(r.n ?? 0))),
      );
    }),

    implement(api.directories.create, async ({ params, body, space }) => {
      const eps = await ownerOf(db, space.spaceId, params.epsId);
      const d = await db
        .insertInto('directories')
        .values({ space_id: space.spaceId, eps_id: eps, name: body.name, attributes: '[]' })
        .returning(['id', 'eps_id', 'name', 'attributes'])
        .executeTakeFirstOrThrow();
      return { ...summary(d, 0), values: [] };
    }),

    implement(api.directories.upload, async ({ params, space, req }) => {
      const eps = await ownerOf(db, space.spaceId, params.epsId);
      const upload = await readUpload(req, MAX_DIRECTORY_FILE, 'directory.bad_file');
      const versionId = upload.fields.version_id;
      if (versionId !== undefined && !Id.safeParse(versionId).success)
        throw badRequest('invalid', { field: 'body.version_id' });
      const version = versionId ? await getVersion(db, space.spaceId, versionId) : null;
      if (version?.locked) throw conflict('version_locked');
      const { table, problems } = readDirectoryTable(await directoryFileRows(upload.data));
      if (problems.length > 0) throw new HttpError(400, 'BadRequest', problems.slice(0, 20));
      const attributes: DirectoryAttributeDef[] = table.attributes.map((name) => ({
        key: `a_${randomUUID().slice(0, 8)}`,
        name: name.slice(0, TEXT_MAX_LENGTH),
        type: 'text',
      }));
      const keyOf = new Map(table.attributes.map((n, i) => [n, attributes[i]!.key]));
      const idOf = new Map(table.entries.map((e) => [e.code, randomUUID()]));
      const order = new Map<string | null, number>();
      const rows = table.entries.map((e) => {
        const n = order.get(e.parent_code) ?? 0;
        order.set(e.parent_code, n + 1);
        return {
          id: idOf.get(e.code)!,
          parent_id: e.parent_code === null ? null : idOf.get(e.parent_code)!,
          sort_order: n,
          code: e.code,
          name: e.name,
          attribute_values: JSON.stringify(
            Object.fromEntries(Object.entries(e.values).map(([k, v]) => [keyOf.get(k)!, v])),
          ),
        };
      });
      const name = (upload.fields.name ?? '').trim() || nameFromFile(upload.fileName);
      const d = await db.transaction().execute(async (tx) => {
        const dir = await tx
          .insertInto('directories')
          .values({
            space_id: space.spaceId,
            eps_id: eps,
            name: name.slice(0, TEXT_MAX_LENGTH),
            attributes: JSON.stringify(attributes),
          })
          .returning(['id', 'eps_id', 'name', 'attributes'])
          .executeTakeFirstOrThrow();
        // Parents come first in the table, so each chunk's parents are already stored.
        for (let i = 0; i < rows.length; i += 1000)
          await tx
            .insertInto('directory_values')
            .values(
              rows.slice(i, i + 1000).map((r) => ({ ...r, space_id: space.spaceId, directory_id: dir.id })),
            )
            .execute();
        const assignment = version
          ? await assign(tx, space.spaceId, version.id, dir.id, table.entries, idOf)
          : null;
        return { dir, assignment };
      });
      return { ...(await fullDirectory(db, space.spaceId, d.dir)), ...(d.assignment ?? {}) };
    }),

    implement(api.directories.get, async ({ params, space }) =>
      fullDirectory(db, space.spaceId, await getDirectory(db, space.spaceId, params.epsId, params.id)),
    ),

    implement(api.directories.rename, async ({ params, body, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      await db
        .updateTable('directories')
        .set({ name: body.name })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', d.id)
        .execute();
      return summary({ ...d, name: body.name }, await count(space.spaceId, d.id));
    }),

    implement(api.directories.remove, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      await unlinkAttributes(space.spaceId, d.id);
      await db
        .deleteFrom('directories')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', d.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.directories.moveTo, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const eps = await ownerOf(db, space.spaceId, params.targetId);
      await db
        .updateTable('directories')
        .set({ eps_id: eps })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', d.id)
        .execute();
      return summary({ ...d, eps_id: eps }, await count(space.spaceId, d.id));
    }),

    implement(api.directories.copyTo, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const eps = await ownerOf(db, space.spaceId, params.targetId);
      const values = await valuesOf(db, space.spaceId, d.id);
      // New ids, the same tree; parents stored before their children.
      const idOf = new Map(values.map((v) => [v.id, randomUUID()]));
      const children = childrenOf(values);
      const ordered: DirectoryValue[] = [];
      const walk = (p: string | null) => {
        for (const v of children.get(p) ?? []) {
          ordered.push(v);
          walk(v.id);
        }
      };
      walk(null);
      const copy = await db.transaction().execute(async (tx) => {
        const dir = await tx
          .insertInto('directories')
          .values({
            space_id: space.spaceId,
            eps_id: eps,
            name: d.name,
            attributes: storedDefinitions(d.attributes),
          })
          .returning(['id', 'eps_id', 'name', 'attributes'])
          .executeTakeFirstOrThrow();
        for (let i = 0; i < ordered.length; i += 1000)
          await tx
            .insertInto('directory_values')
            .values(
              ordered.slice(i, i + 1000).map((v) => ({
                id: idOf.get(v.id)!,
                space_id: space.spaceId,
                directory_id: dir.id,
                parent_id: v.parent_id === null ? null : idOf.get(v.parent_id)!,
                sort_order: v.sort_order,
                code: v.code,
                name: v.name,
                attribute_values: JSON.stringify(v.attribute_values),
              })),
            )
            .execute();
        await copyLists(tx, space.spaceId, d.id, dir.id, idOf);
        return dir;
      });
      return fullDirectory(db, space.spaceId, copy);
    }),

    implement(api.directories.donorCreate, async ({ params, body, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      return setDonor(space.spaceId, d, body.key, body.target);
    }),

    implement(api.directories.donorUpdate, async ({ params, body, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      if (!d.attributes.find((a) => a.key === params.key)?.donor_to) throw notFound('donor');
      return setDonor(space.spaceId, d, params.key, body.target);
    }),

    implement(api.directories.donorDelete, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      if (!d.attributes.find((a) => a.key === params.key)?.donor_to) throw notFound('donor');
      return saveAttributes(
        space.spaceId,
        d,
        d.attributes.map((a) => (a.key === params.key ? { ...a, donor_to: null } : a)),
      );
    }),

    implement(api.directories.donorUpdateValue, async ({ params, query, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      return pushDonor(db, events, space, userId, d, params.key, query.dry_run === 'true');
    }),

    implement(api.directories.linkedCreate, async ({ params, body, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const attr = d.attributes.find((a) => a.key === body.key);
      if (!attr) throw badRequest('invalid', { field: 'body.key' });
      if (attr.linked_to) throw conflict('directory.already_linked', { name: attr.name, field: 'body.key' });
      const name = body.name ?? `${attr.name} (${d.name})`.slice(0, TEXT_MAX_LENGTH).trim();
      await db
        .insertInto('attributes')
        .values({
          space_id: space.spaceId,
          scope: 'space',
          node_id: null,
          key: `a_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
          name,
          type: attr.type,
          list_values: '[]',
          formula: null,
          directory_id: d.id,
          linked_directory_id: d.id,
          linked_key: attr.key,
        })
        .execute()
        .catch(nameTaken);
      return summary(await withLinked(db, space.spaceId, d), await count(space.spaceId, d.id));
    }),

    implement(api.directories.linkedUpdate, async ({ params, body, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const a = await linkedOf(space.spaceId, d, params.key);
      await db
        .updateTable('attributes')
        .set({ name: body.name, updated_at: sql`now()` })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', a.id)
        .execute()
        .catch(nameTaken);
      return summary(d, await count(space.spaceId, d.id));
    }),

    implement(api.directories.linkedDelete, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const a = await linkedOf(space.spaceId, d, params.key);
      await db.transaction().execute(async (tx) => {
        // As for any attribute: the rows' values go with the definition.
        await sql`UPDATE wbs_items SET attributes = attributes - ${a.key}::text
          WHERE space_id = ${space.spaceId} AND attributes ? ${a.key}`.execute(tx);
        await tx
          .deleteFrom('attributes')
          .where('space_id', '=', space.spaceId)
          .where('id', '=', a.id)
          .execute();
      });
      return summary(await withLinked(db, space.spaceId, d), await count(space.spaceId, d.id));
    }),

    implement(api.directories.updateLinkedValues, async ({ params, query, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      return updateLinkedValues(db, events, space, userId, d.id, query.dry_run === 'true');
    }),

    implement(api.directories.addValuesToVersion, async ({ params, space, userId }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const d = await db
        .selectFrom('directories')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.directoryId)
        .executeTakeFirst();
      if (!d) throw notFound('directory');
      return addValuesToVersion(db, events, { spaceId: space.spaceId, versionId: v.id, userId }, v, d.id);
    }),

    implement(api.directories.export, async ({ params, query, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const values = await valuesOf(db, space.spaceId, d.id);
      const byId = new Map(values.map((v) => [v.id, v]));
      // Parents before children: the order of a depth-first walk.
      const children = childrenOf(values);
      const ordered: DirectoryValue[] = [];
      const walk = (p: string | null) => {
        for (const v of children.get(p) ?? []) {
          ordered.push(v);
          walk(v.id);
        }
      };
      walk(null);
      const rows = writeDirectoryTable(
        d.attributes.map((a) => a.name),
        ordered.map((v) => ({
          code: v.code,
          name: v.name,
          parent_code: v.parent_id ? (byId.get(v.parent_id)?.code ?? null) : null,
          values: Object.fromEntries(d.attributes.map((a) => [a.name, v.attribute_values[a.key] ?? null])),
        })),
      );
      if (query.format === 'xlsx') {
        const [headers, ...body] = rows;
        const bytes = packageXlsx([
          {
            name: d.name.slice(0, 31),
            headers: headers!,
            widths: headers!.map((_, i) => (i === 1 ? 40 : 16)),
            formats: headers!.map(() => undefined),
            rows: body,
          },
        ]);
        return new Binary(
          Buffer.from(bytes),
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
      }
      return new Binary(Buffer.from('\uFEFF' + formatCsv(rows), 'utf8'), 'text/csv; charset=utf-8');
    }),

    implement(api.directories.attributeCreate, async ({ params, body, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      if (d.attributes.some((a) => a.name.toLowerCase() === body.name.toLowerCase()))
        throw conflict('directory.attribute_taken', { name: body.name });
      return saveAttributes(space.spaceId, d, [
        ...d.attributes,
        { key: `a_${randomUUID().slice(0, 8)}`, name: body.name, type: body.type },
      ]);
    }),

    implement(api.directories.attributeUpdate, async ({ params, body, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      if (!d.attributes.some((a) => a.key === params.key)) throw notFound('attribute');
      if (d.attributes.some((a) => a.key !== params.key && a.name.toLowerCase() === body.name.toLowerCase()))
        throw conflict('directory.attribute_taken', { name: body.name });
      return saveAttributes(
        space.spaceId,
        d,
        d.attributes.map((a) => (a.key === params.key ? { ...a, name: body.name, type: body.type } : a)),
      );
    }),

    implement(api.directories.attributeDelete, async ({ params, space }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      if (!d.attributes.some((a) => a.key === params.key)) throw notFound('attribute');
      await sql`UPDATE directory_values SET attribute_values = attribute_values - ${params.key}
        WHERE space_id = ${space.spaceId} AND directory_id = ${d.id}`.execute(db);
      await unlinkAttributes(space.spaceId, d.id, params.key);
      return saveAttributes(
        space.spaceId,
        d,
        d.attributes.filter((a) => a.key !== params.key),
      );
    }),

    implement(api.directories.valueCreate, async ({ params, body, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const r = await editValues(
        db,
        undoScope(space.spaceId, userId, d),
        d,
        { creates: [body] },
        'add',
        single,
      );
      return { ...r.created[0]!, linked_rows: 0 };
    }),

    implement(api.directories.valueUpdate, async ({ params, body, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const cur = await db
        .selectFrom('directory_values')
        .select(['code', 'name', 'attribute_values'])
        .where('space_id', '=', space.spaceId)
        .where('directory_id', '=', d.id)
        .where('id', '=', params.valueId)
        .executeTakeFirst();
      if (!cur) throw notFound('value');
      // Only its place changed: a move (an indent or outdent of the grid).
      const moved =
        body.code === cur.code &&
        body.name === cur.name &&
        (!body.attribute_values ||
          JSON.stringify(knownValues(d, body.attribute_values)) === JSON.stringify(cur.attribute_values));
      const r = await editValues(
        db,
        undoScope(space.spaceId, userId, d),
        d,
        { updates: [{ ...body, id: params.valueId }] },
        moved ? 'move' : 'edit',
        single,
      );
      return (await withLinkedRows(db, space.spaceId, r.updated))[0]!;
    }),

    implement(api.directories.valueDelete, async ({ params, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      // The parent foreign key removes the values under it, and theirs remove the links; the
      // step keeps them all, and the links, for an undo.
      const r = await editValues(
        db,
        undoScope(space.spaceId, userId, d),
        d,
        { deletes: [params.valueId] },
        'delete',
        single,
      );
      return { success: true as const, removed: r.removed, unlinked: r.unlinked };
    }),

    implement(api.directories.wbsLinks, async ({ params, space }) => {
      await wbsRow(space.spaceId, params.id, params.wbsId);
      return linksOf(space.spaceId, params.id, params.wbsId);
    }),

    implement(api.directories.setWbsLink, async ({ params, body, space, userId }) => {
      const v = await wbsRow(space.spaceId, params.id, params.wbsId);
      if (v.locked) throw conflict('version_locked');
      const d = await db
        .selectFrom('directories')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', body.directory_id)
        .executeTakeFirst();
      if (!d) throw notFound('directory');
      const key = { space_id: space.spaceId, version_id: v.id, wbs_id: params.wbsId, directory_id: d.id };
      if (body.value_id === null) {
        await db
          .deleteFrom('wbs_directory_links')
          .where('space_id', '=', key.space_id)
          .where('version_id', '=', key.version_id)
          .where('wbs_id', '=', key.wbs_id)
          .where('directory_id', '=', key.directory_id)
          .execute();
      } else {
        const value = await db
          .selectFrom('directory_values')
          .select('id')
          .where('space_id', '=', space.spaceId)
          .where('directory_id', '=', d.id)
          .where('id', '=', body.value_id)
          .executeTakeFirst();
        if (!value) throw notFound('value');
        await db
          .insertInto('wbs_directory_links')
          .values({ ...key, value_id: value.id })
          .onConflict((oc) =>
            oc
              .columns(['space_id', 'version_id', 'wbs_id', 'directory_id'])
              .doUpdateSet({ value_id: value.id }),
          )
          .execute();
      }
      // The row shows its new value's linked attributes (an undoable change of the version).
      await updateLinkedValues(db, events, space, userId, d.id, false, {
        versionId: v.id,
        wbsId: params.wbsId,
      });
      return linksOf(space.spaceId, v.id, params.wbsId);
    }),
  ];
}
