// Complex relations between directories (directory-complex-relations/…, src/api/directory-relations.ts):
// relations and their rows, dependent directories, export and import of a relation's rows, and
// the norms applied to a version's assignments (services/directory-norms.ts).
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { DirectoryRelation, DirectoryRelationRow } from '../../api/directory-relations';
import {
  dependentDirectories,
  readRelationTable,
  wouldCycle,
  writeRelationTable,
} from '../../domain/directory';
import { formatCsv } from '../../domain/io/csv/parse';
import { packageXlsx } from '../../domain/io/xlsx/ooxml';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { Binary, implement } from '../http/register';
import { directoryFileRows } from '../import/directory-file';
import { complexIndicator, recalculateNorms } from '../services/directory-norms';
import { readUpload } from '../storage/multipart';
import { getVersion } from './versions';

const MAX_RELATION_FILE = 20 * 1024 * 1024;

async function directoryOf(db: Kysely<DB>, spaceId: string, id: string, field?: string) {
  const d = await db
    .selectFrom('directories')
    .select(['id', 'name'])
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!d) throw field ? badRequest('invalid', { field }) : notFound('directory');
  return d;
}

async function relationsOf(
  db: Kysely<DB>,
  spaceId: string,
  where: { id?: string; directory?: string; pair?: [string, string] },
) {
  let q = db
    .selectFrom('directory_relations as r')
    .innerJoin('directories as s', (j) =>
      j.onRef('s.space_id', '=', 'r.space_id').onRef('s.id', '=', 'r.source_directory_id'),
    )
    .innerJoin('directories as t', (j) =>
      j.onRef('t.space_id', '=', 'r.space_id').onRef('t.id', '=', 'r.target_directory_id'),
    )
    .select([
      'r.id',
      'r.source_directory_id',
      'r.target_directory_id',
      'r.name',
      'r.assign',
      's.name as source_name',
      't.name as target_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('directory_relation_rows as x')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('x.space_id', '=', 'r.space_id')
        .whereRef('x.relation_id', '=', 'r.id')
        .as('row_count'),
    )
    .where('r.space_id', '=', spaceId);
  if (where.id) q = q.where('r.id', '=', where.id);
  if (where.directory)
    q = q.where((eb) =>
      eb.or([
        eb('r.source_directory_id', '=', where.directory!),
        eb('r.target_directory_id', '=', where.directory!),
      ]),
    );
  if (where.pair)
    q = q
      .where('r.source_directory_id', '=', where.pair[0])
      .where('r.target_directory_id', '=', where.pair[1]);
  const rows = await q.orderBy('s.name').orderBy('t.name').orderBy('r.id').execute();
  return rows.map((r): DirectoryRelation => ({
    id: r.id,
    source_directory_id: r.source_directory_id,
    source_name: r.source_name,
    target_directory_id: r.target_directory_id,
    target_name: r.target_name,
    name: r.name,
    assign: r.assign,
    row_count: Number(r.row_count ?? 0),
  }));
}

async function relationOf(db: Kysely<DB>, spaceId: string, id: string) {
  const [r] = await relationsOf(db, spaceId, { id });
  if (!r) throw notFound('relation');
  return r;
}

async function rowsOf(
  db: Kysely<DB>,
  spaceId: string,
  relationId: string,
  by: { ids?: string[]; source?: string } = {},
) {
  if (by.ids && by.ids.length === 0) return [];
  let q = db
    .selectFrom('directory_relation_rows as x')
    .innerJoin('directory_values as s', (j) =>
      j.onRef('s.space_id', '=', 'x.space_id').onRef('s.id', '=', 'x.source_value_id'),
    )
    .innerJoin('directory_values as t', (j) =>
      j.onRef('t.space_id', '=', 'x.space_id').onRef('t.id', '=', 'x.target_value_id'),
    )
    .select([
      'x.id',
      'x.relation_id',
      'x.source_value_id',
      's.code as source_code',
      's.name as source_name',
      'x.target_value_id',
      't.code as target_code',
      't.name as target_name',
      'x.norm',
    ])
    .where('x.space_id', '=', spaceId)
    .where('x.relation_id', '=', relationId);
  if (by.ids) q = q.where('x.id', 'in', by.ids);
  if (by.source) q = q.where('x.source_value_id', '=', by.source);
  const rows = await q.orderBy('s.code').orderBy('t.code').execute();
  return rows.map((r): DirectoryRelationRow => ({ ...r, norm: Number(r.norm) }));
}

/** The value ids of a directory among `ids` (to check that a row's values are the relation's). */
async function valuesIn(db: Kysely<DB>, spaceId: string, directoryId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('directory_values')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('directory_id', '=', directoryId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export function directoryRelationRoutes({ db, events }: AppContext) {
  /** 400 naming the first row whose source or target value is not of the relation's directories. */
  const checkValues = async (
    spaceId: string,
    rel: DirectoryRelation,
    rows: readonly { source_value_id?: string; target_value_id?: string }[],
  ) => {
    const src = await valuesIn(
      db,
      spaceId,
      rel.source_directory_id,
      rows.flatMap((r) => (r.source_value_id ? [r.source_value_id] : [])),
    );
    const tgt = await valuesIn(
      db,
      spaceId,
      rel.target_directory_id,
      rows.flatMap((r) => (r.target_value_id ? [r.target_value_id] : [])),
    );
    rows.forEach((r, i) => {
      if (r.source_value_id && !src.has(r.source_value_id))
        throw badRequest('relation.wrong_value', {
          field: `body.rows.${i}.source_value_id`,
          value_id: r.source_value_id,
        });
      if (r.target_value_id && !tgt.has(r.target_value_id))
        throw badRequest('relation.wrong_value', {
          field: `body.rows.${i}.target_value_id`,
          value_id: r.target_value_id,
        });
    });
  };

  const createRelation = async (
    spaceId: string,
    source: string,
    target: string,
    name: string,
    assign: boolean,
  ) => {
    const all = await db
      .selectFrom('directory_relations')
      .select(['source_directory_id', 'target_directory_id'])
      .where('space_id', '=', spaceId)
      .execute();
    if (all.some((r) => r.source_directory_id === source && r.target_directory_id === target))
      throw conflict('relation.exists');
    if (wouldCycle(all, source, target))
      throw badRequest('relation.cycle', { field: 'body.target_directory_id' });
    const r = await db
      .insertInto('directory_relations')
      .values({ space_id: spaceId, source_directory_id: source, target_directory_id: target, name, assign })
      .returning('id')
      .executeTakeFirstOrThrow();
    return relationOf(db, spaceId, r.id);
  };

  return [
    implement(api.directoryRelations.allRelations, async ({ params, space }) => {
      await directoryOf(db, space.spaceId, params.id);
      return relationsOf(db, space.spaceId, { directory: params.id });
    }),

    implement(api.directoryRelations.create, async ({ body, space }) => {
      await directoryOf(db, space.spaceId, body.source_directory_id, 'body.source_directory_id');
      await directoryOf(db, space.spaceId, body.target_directory_id, 'body.target_directory_id');
      return createRelation(
        space.spaceId,
        body.source_directory_id,
        body.target_directory_id,
        body.name ?? '',
        body.assign ?? true,
      );
    }),

    implement(api.directoryRelations.updateOptions, async ({ body, space }) => {
      const r = await relationOf(db, space.spaceId, body.id);
      await db
        .updateTable('directory_relations')
        .set({ name: body.name ?? r.name, assign: body.assign ?? r.assign })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', r.id)
        .execute();
      return relationOf(db, space.spaceId, r.id);
    }),

    implement(api.directoryRelations.remove, async ({ params, space }) => {
      const r = await relationOf(db, space.spaceId, params.id);
      await db
        .deleteFrom('directory_relations')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', r.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.directoryRelations.assignRows, async ({ params, body, space }) => {
      const rel = await relationOf(db, space.spaceId, params.id);
      await checkValues(space.spaceId, rel, body.rows);
      const ids = await db
        .insertInto('directory_relation_rows')
        .values(body.rows.map((r) => ({ space_id: space.spaceId, relation_id: rel.id, ...r })))
        .onConflict((oc) =>
          oc
            .columns(['space_id', 'relation_id', 'source_value_id', 'target_value_id'])
            .doUpdateSet((eb) => ({ norm: eb.ref('excluded.norm') })),
        )
        .returning('id')
        .execute();
      return rowsOf(db, space.spaceId, rel.id, { ids: ids.map((r) => r.id) });
    }),

    implement(api.directoryRelations.deleteRows, async ({ params, body, space }) => {
      const rel = await relationOf(db, space.spaceId, params.id);
      const gone = await db
        .deleteFrom('directory_relation_rows')
        .where('space_id', '=', space.spaceId)
        .where('relation_id', '=', rel.id)
        .where('id', 'in', body.ids)
        .returning('id')
        .execute();
      return { success: true as const, removed: gone.length };
    }),

    implement(api.directoryRelations.updateRows, async ({ params, body, space }) => {
      const rel = await relationOf(db, space.spaceId, params.id);
      await checkValues(space.spaceId, rel, body.rows);
      const known = new Set(
        (await rowsOf(db, space.spaceId, rel.id, { ids: body.rows.map((r) => r.id) })).map((r) => r.id),
      );
      body.rows.forEach((r, i) => {
        if (!known.has(r.id)) throw badRequest('invalid', { field: `body.rows.${i}.id` });
      });
      try {
        await db.transaction().execute(async (tx) => {
          for (const { id, ...set } of body.rows)
            if (Object.keys(set).length)
              await tx
                .updateTable('directory_relation_rows')
                .set(set)
                .where('space_id', '=', space.spaceId)
                .where('relation_id', '=', rel.id)
                .where('id', '=', id)
                .execute();
        });
      } catch (e) {
        // Two rows may not name one pair of values.
        if (/unique|duplicate/i.test(String((e as Error).message))) throw conflict('relation.exists');
        throw e;
      }
      return rowsOf(db, space.spaceId, rel.id, { ids: body.rows.map((r) => r.id) });
    }),

    implement(api.directoryRelations.rows, async ({ body, space }) => {
      const rel = await relationOf(db, space.spaceId, body.relation_id);
      return rowsOf(db, space.spaceId, rel.id, { source: body.source_value_id });
    }),

    implement(api.directoryRelations.dependents, async ({ body, space }) => {
      await directoryOf(db, space.spaceId, body.directory_id, 'body.directory_id');
      const all = await db
        .selectFrom('directory_relations')
        .select(['source_directory_id', 'target_directory_id'])
        .where('space_id', '=', space.spaceId)
        .execute();
      const deps = dependentDirectories(all, body.directory_id);
      if (deps.length === 0) return [];
      const names = new Map(
        (
          await db
            .selectFrom('directories')
            .select(['id', 'name'])
            .where('space_id', '=', space.spaceId)
            .where(
              'id',
              'in',
              deps.map((d) => d.directory_id),
            )
            .execute()
        ).map((d) => [d.id, d.name]),
      );
      return deps.map((d) => ({ ...d, name: names.get(d.directory_id) ?? '' }));
    }),

    implement(api.directoryRelations.recalculate, async ({ params, space }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      if (v.locked) throw conflict('version_locked');
      return recalculateNorms(db, events, space.spaceId, v.id);
    }),

    implement(api.directoryRelations.indicator, async ({ params, space }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      return complexIndicator(db, space.spaceId, v.id);
    }),

    implement(api.directoryRelations.exportRelations, async ({ params, query, space }) => {
      const s = await directoryOf(db, space.spaceId, params.sourceId);
      const t = await directoryOf(db, space.spaceId, params.targetId);
      const [rel] = await relationsOf(db, space.spaceId, { pair: [s.id, t.id] });
      if (!rel) throw notFound('relation');
      const cells = writeRelationTable(await rowsOf(db, space.spaceId, rel.id));
      if (query.format === 'csv')
        return new Binary(Buffer.from('\uFEFF' + formatCsv(cells), 'utf8'), 'text/csv; charset=utf-8');
      const [headers, ...rows] = cells;
      const bytes = packageXlsx([
        {
          name: `${s.name} - ${t.name}`.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31),
          headers: headers!,
          widths: [16, 36, 16, 36, 12],
          formats: headers!.map(() => undefined),
          rows,
        },
      ]);
      return new Binary(
        Buffer.from(bytes),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    }),

    implement(api.directoryRelations.importRelations, async ({ params, space, req }) => {
      const s = await directoryOf(db, space.spaceId, params.sourceId);
      const t = await directoryOf(db, space.spaceId, params.targetId);
      const upload = await readUpload(req, MAX_RELATION_FILE, 'directory.bad_file');
      const codesOf = async (directoryId: string) =>
        new Map(
          (
            await db
              .selectFrom('directory_values')
              .select(['id', 'code'])
              .where('space_id', '=', space.spaceId)
              .where('directory_id', '=', directoryId)
              .execute()
          ).map((v) => [v.code, v.id]),
        );
      const [sourceCodes, targetCodes] = [await codesOf(s.id), await codesOf(t.id)];
      const { entries, problems } = readRelationTable(
        await directoryFileRows(upload.data),
        new Set(sourceCodes.keys()),
        new Set(targetCodes.keys()),
      );
      if (problems.length > 0) throw new HttpError(400, 'BadRequest', problems.slice(0, 20));
      let [rel] = await relationsOf(db, space.spaceId, { pair: [s.id, t.id] });
      rel ??= await createRelation(space.spaceId, s.id, t.id, '', true);
      await db.transaction().execute(async (tx) => {
        await tx
          .deleteFrom('directory_relation_rows')
          .where('space_id', '=', space.spaceId)
          .where('relation_id', '=', rel.id)
          .execute();
        for (let i = 0; i < entries.length; i += 1000)
          await tx
            .insertInto('directory_relation_rows')
            .values(
              entries.slice(i, i + 1000).map((e) => ({
                space_id: space.spaceId,
                relation_id: rel.id,
                source_value_id: sourceCodes.get(e.source_code)!,
                target_value_id: targetCodes.get(e.target_code)!,
                norm: e.norm,
              })),
            )
            .execute();
      });
      return { relation: await relationOf(db, space.spaceId, rel.id), rows: entries.length };
    }),
  ];
}
