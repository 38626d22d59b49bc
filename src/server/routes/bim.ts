// 3D/BIM (issue 25; src/api/bim.ts, docs/bim.md): IFC models of a project (upload as a
// bim_upload job, list, delete, info, geometry, attribute queries, the spatial tree), links of a
// model to a schedule, element ↔ row relations of a version (by hand and by rules, coverage),
// the 4D player's data, and appearance profiles. Every call needs the BIM entitlement
// (LICENCE_BIM_USERS) and counts its user.
import { sql } from 'kysely';
import { api } from '../../api';
import { BUILT_IN_PROFILE } from '../../api/bim';
import type { BimElement, BimModel, BimProfile } from '../../api/bim';
import {
  DEFAULT_COLORS,
  groupByKey,
  indexRelations,
  isPrimitiveId,
  primitiveElementId,
  primitiveNum,
  splitByFlaggedRows,
} from '../../domain/bim';
import { BimParseError, checkIfcText, ifcBytes } from '../bim/ifc-parse';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement, Streamed } from '../http/register';
import type { Implemented } from '../http/register';
import type { ServerLang } from '../i18n/messages';
import { jobRunnerFor } from '../jobs/app-runner';
import { errorList } from '../jobs/errors';
import { toJob } from '../jobs/mappers';
import { iso } from '../services/mappers';
import { deleteFile, getFile, MAX_UPLOAD_BYTES, readBytes, saveFile } from '../storage/files';
import { readUpload } from '../storage/multipart';
import { storageFor } from '../storage/storage';
import { versionIndicators } from '../services/version-indicators';
import { bimLinkCore } from './bim-link-core';
import { bad, bimScope, targetDatesOf } from './bim-scope';

type ModelRow = {
  id: string;
  project_id: string;
  name: string;
  state: 'processing' | 'ready' | 'failed';
  job_id: string | null;
  ifc_schema: string | null;
  length_unit: string | null;
  elements: number;
  triangles: number;
  errors: { code: string; params: Record<string, string | number> }[];
  created_at: Date;
};

const ELEMENT_COLUMNS = [
  'e.id',
  'e.global_id',
  'e.ifc_class',
  'e.name',
  'e.type_name',
  'e.parent_id',
  'e.storey_id',
  'e.material',
  'e.has_geometry',
  'e.spatial',
  'e.elevation',
  's.name as storey',
] as const;

export function bimRoutes(ctx: AppContext): Implemented[] {
  const { db, config } = ctx;
  const storage = storageFor(config.dataDir);

  const { guard, link, versionLink, linkRelations, relationPairs } = bimScope(ctx);

  const project = async (spaceId: string, id: string) => {
    const p = await db
      .selectFrom('eps_nodes')
      .select(['id', 'kind'])
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!p || p.kind !== 'project') throw notFound('project');
    return p;
  };

  const modelOut = (m: ModelRow, lang: ServerLang): BimModel => ({
    id: m.id,
    project_id: m.project_id,
    name: m.name,
    state: m.state,
    progress:
      m.state === 'ready'
        ? 100
        : m.state === 'processing' && m.job_id
          ? (jobRunnerFor(ctx).liveProgress(m.job_id) ?? 0)
          : 0,
    job_id: m.job_id,
    ifc_schema: m.ifc_schema,
    length_unit: m.length_unit,
    elements: Number(m.elements),
    triangles: Number(m.triangles),
    errors: errorList(lang, m.errors ?? []),
    created_at: iso(m.created_at),
  });

  const model = async (spaceId: string, projectId: string, id: string, ready = true) => {
    const m = await db
      .selectFrom('bim_models')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!m) throw notFound('model');
    if (ready && m.state !== 'ready') throw bad('bim.model_not_ready', { model_id: id });
    return m;
  };

  const { elements, ruleElements, rowsExist, checkRule, insertRelations, rulePairs } = bimLinkCore(ctx);

  const elementOut = (r: {
    id: number;
    global_id: string;
    ifc_class: string;
    name: string | null;
    type_name: string | null;
    parent_id: number | null;
    storey_id: number | null;
    material: string | null;
    has_geometry: boolean;
    spatial: boolean;
    elevation: number | null;
    storey: string | null;
  }): BimElement => ({
    id: Number(r.id),
    global_id: r.global_id,
    ifc_class: r.ifc_class,
    name: r.name,
    type_name: r.type_name,
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    storey_id: r.storey_id === null ? null : Number(r.storey_id),
    storey: r.storey,
    material: r.material,
    has_geometry: r.has_geometry,
    spatial: r.spatial,
    elevation: r.elevation === null ? null : Number(r.elevation),
  });

  const linksOut = async (
    spaceId: string,
    where: { project_id?: string; schedule_id?: string; id?: string },
  ) => {
    let q = db
      .selectFrom('bim_links as l')
      .select([
        'l.id',
        'l.project_id',
        'l.model_id',
        'l.schedule_id',
        'l.name',
        'l.created_at',
        sql<number>`(SELECT count(*)::int FROM bim_relations r WHERE r.space_id = l.space_id AND r.link_id = l.id)`.as(
          'relations',
        ),
      ])
      .where('l.space_id', '=', spaceId);
    if (where.project_id) q = q.where('l.project_id', '=', where.project_id);
    if (where.schedule_id) q = q.where('l.schedule_id', '=', where.schedule_id);
    if (where.id) q = q.where('l.id', '=', where.id);
    const rows = await q.orderBy('l.created_at').execute();
    return rows.map((r) => ({ ...r, relations: Number(r.relations), created_at: iso(r.created_at) }));
  };

  /** Ids of the model's elements, or of the project's primitive models (src/domain/bim/primitives.ts). */
  const elementIdsExist = async (spaceId: string, modelId: string, ids: number[], primitivesOf?: string) => {
    const uniq = [...new Set(ids)];
    const found = new Set<number>();
    const prims = primitivesOf ? uniq.filter(isPrimitiveId).map(primitiveNum) : [];
    if (primitivesOf && prims.length)
      for (const r of await db
        .selectFrom('bim_primitives')
        .select('num')
        .where('space_id', '=', spaceId)
        .where('project_id', '=', primitivesOf)
        .where('num', 'in', prims)
        .execute())
        found.add(primitiveElementId(Number(r.num)));
    for (let i = 0; i < uniq.length; i += 5000) {
      const rows = await db
        .selectFrom('bim_elements')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('model_id', '=', modelId)
        .where('id', 'in', uniq.slice(i, i + 5000))
        .execute();
      for (const r of rows) found.add(Number(r.id));
    }
    const missing = uniq.find((id) => !found.has(id));
    if (missing !== undefined)
      throw bad('bim.unknown_element', { element_id: missing, field: 'body.element_ids' });
    return uniq;
  };

  const profileOut = (r: {
    id: string;
    name: string;
    colors: unknown;
    mode: 'status' | 'attribute';
    attribute: unknown;
    value_colors: unknown;
    is_active: boolean;
  }): BimProfile => ({
    id: r.id,
    name: r.name,
    colors: r.colors as BimProfile['colors'],
    mode: r.mode,
    attribute: (r.attribute ?? null) as BimProfile['attribute'],
    value_colors: (r.value_colors ?? {}) as BimProfile['value_colors'],
    is_active: r.is_active,
  });

  /** The built-in profile: the status colours, active when no stored one is. */
  const builtInProfile = (active: boolean): BimProfile => ({
    id: BUILT_IN_PROFILE,
    name: 'Status',
    colors: { ...DEFAULT_COLORS },
    mode: 'status',
    attribute: null,
    value_colors: {},
    is_active: active,
  });

  /** A profile by attribute names its key (an IFC property with its set). */
  const checkProfile = (mode: 'status' | 'attribute', attribute: BimProfile['attribute']) => {
    if (mode !== 'attribute') return;
    if (!attribute) throw bad('bim.bad_profile', { field: 'body.attribute' });
    if (attribute.kind === 'property' && (!attribute.pset || !attribute.property))
      throw bad('bim.bad_profile', { field: 'body.attribute.pset, body.attribute.property' });
  };

  return [
    implement(api.bim.list, async (c) => {
      await guard(c);
      await project(c.space.spaceId, c.params.id);
      const rows = await db
        .selectFrom('bim_models')
        .selectAll()
        .where('space_id', '=', c.space.spaceId)
        .where('project_id', '=', c.params.id)
        .orderBy('created_at')
        .execute();
      return rows.map((m) => modelOut(m, c.lang));
    }),

    implement(api.bim.upload, async (c) => {
      await guard(c);
      await project(c.space.spaceId, c.params.id);
      const upload = await readUpload(c.req, MAX_UPLOAD_BYTES, 'bim.no_file');
      // What is no IFC (or was cut short) is refused here, before anything is stored.
      try {
        checkIfcText(ifcBytes(upload.data));
      } catch (err) {
        if (err instanceof BimParseError)
          throw bad(err.code, { file: upload.fileName, field: 'body.file', ...err.params });
        throw err;
      }
      const name = (c.body as unknown as Record<string, string> | undefined)?.name ?? upload.fields.name;
      const file = await saveFile(db, storage, {
        spaceId: c.space.spaceId,
        kind: 'documents',
        name: upload.fileName,
        mime: 'application/x-step',
        data: upload.data,
        userId: c.userId,
      });
      const m = await db
        .insertInto('bim_models')
        .values({
          space_id: c.space.spaceId,
          project_id: c.params.id,
          name: (name || upload.fileName).slice(0, 200),
          file_id: file.id,
          created_by: c.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const job = await jobRunnerFor(ctx).enqueue({
        space_id: c.space.spaceId,
        type: 'bim_upload',
        user_id: c.userId,
        lang: c.lang,
        file_id: file.id,
        params: { model_id: m.id, project_id: c.params.id },
      });
      const row = await db
        .updateTable('bim_models')
        .set({ job_id: job.id })
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', m.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      c.reply.status(201);
      return { model: modelOut(row, c.lang), job: toJob(job, c.lang) };
    }),

    implement(api.bim.remove, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id, false);
      await db
        .deleteFrom('bim_models')
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', m.id)
        .execute();
      for (const id of [m.file_id, m.geometry_file_id]) {
        if (!id) continue;
        const f = await getFile(db, c.space.spaceId, id).catch(() => null);
        if (f) await deleteFile(db, storage, f);
      }
      return { success: true as const };
    }),

    implement(api.bim.info, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id, false);
      const classes = await db
        .selectFrom('bim_elements')
        .select(['ifc_class', (b) => b.fn.countAll<number>().as('n')])
        .where('space_id', '=', c.space.spaceId)
        .where('model_id', '=', m.id)
        .where('has_geometry', '=', true)
        .groupBy('ifc_class')
        .orderBy('ifc_class')
        .execute();
      const storeys = await db
        .selectFrom('bim_elements as s')
        .select([
          's.id',
          's.global_id',
          's.name',
          's.elevation',
          sql<number>`(SELECT count(*)::int FROM bim_elements x WHERE x.space_id = s.space_id AND x.model_id = s.model_id AND x.storey_id = s.id)`.as(
            'elements',
          ),
        ])
        .where('s.space_id', '=', c.space.spaceId)
        .where('s.model_id', '=', m.id)
        .where('s.ifc_class', '=', 'IfcBuildingStorey')
        .orderBy('s.elevation')
        .orderBy('s.name')
        .execute();
      const psets = await sql<{ n: number }>`
        SELECT count(DISTINCT k)::int AS n FROM bim_elements e, jsonb_object_keys(e.psets) k
        WHERE e.space_id = ${c.space.spaceId} AND e.model_id = ${m.id}`.execute(db);
      return {
        ...modelOut(m, c.lang),
        classes: Object.fromEntries(classes.map((r) => [r.ifc_class, Number(r.n)])),
        storeys: storeys.map((s) => ({
          id: Number(s.id),
          global_id: s.global_id,
          name: s.name,
          elevation: s.elevation === null ? null : Number(s.elevation),
          elements: Number(s.elements),
        })),
        property_sets: Number(psets.rows[0]?.n ?? 0),
      };
    }),

    implement(api.bim.geometry, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id);
      const f = await getFile(db, c.space.spaceId, m.geometry_file_id!);
      // Streamed from storage as it is read (the viewer draws the overview from the front
      // section of version 2 before the buffers are in; docs/bim.md).
      const size = await storage.size(f.storage_key);
      if (size === null) await readBytes(storage, f); // 404 storage.missing
      return new Streamed(
        200,
        {
          'content-type': 'application/octet-stream',
          'content-length': size!,
          'cache-control': 'private, max-age=3600',
        },
        await storage.stream(f.storage_key),
      );
    }),

    implement(api.bim.byText, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id);
      const like = `%${c.query.q.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
      const rows = await elements(c.space.spaceId, m.id)
        .select(ELEMENT_COLUMNS)
        .where((b) =>
          b.or([
            b('e.global_id', 'ilike', like),
            b('e.ifc_class', 'ilike', like),
            b('e.name', 'ilike', like),
            b('e.type_name', 'ilike', like),
            b('e.material', 'ilike', like),
            b('s.name', 'ilike', like),
            b(sql`e.psets::text`, 'ilike', like),
          ]),
        )
        .orderBy('e.id')
        .limit(c.query.limit ?? 1000)
        .execute();
      return rows.map(elementOut);
    }),

    implement(api.bim.byIds, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id);
      const ids = await elementIdsExist(c.space.spaceId, m.id, c.body.ids);
      const rows = await elements(c.space.spaceId, m.id)
        .select([...ELEMENT_COLUMNS, 'e.psets', 'e.quantities'])
        .where('e.id', 'in', ids)
        .orderBy('e.id')
        .execute();
      return rows.map((r) => ({ ...elementOut(r), psets: r.psets, quantities: r.quantities }));
    }),

    implement(api.bim.attributes, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id);
      const distinct = async (col: 'ifc_class' | 'material' | 'type_name') =>
        (
          await db
            .selectFrom('bim_elements')
            .select(col)
            .distinct()
            .where('space_id', '=', c.space.spaceId)
            .where('model_id', '=', m.id)
            .where(col, 'is not', null)
            .orderBy(col)
            .execute()
        ).map((r) => String((r as Record<string, unknown>)[col]));
      const storeys = (
        await db
          .selectFrom('bim_elements')
          .select('name')
          .where('space_id', '=', c.space.spaceId)
          .where('model_id', '=', m.id)
          .where('ifc_class', '=', 'IfcBuildingStorey')
          .orderBy('elevation')
          .execute()
      ).map((r) => r.name ?? '');
      const props = await sql<{ pset: string; property: string }>`
        SELECT DISTINCT p.key AS pset, q.key AS property
        FROM bim_elements e, jsonb_each(e.psets || e.quantities) p, jsonb_object_keys(p.value) q(key)
        WHERE e.space_id = ${c.space.spaceId} AND e.model_id = ${m.id}
        ORDER BY 1, 2 LIMIT 5000`.execute(db);
      return {
        classes: await distinct('ifc_class'),
        storeys,
        materials: await distinct('material'),
        types: await distinct('type_name'),
        properties: props.rows,
      };
    }),

    implement(api.bim.metadata, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id);
      const rows = await elements(c.space.spaceId, m.id).select(ELEMENT_COLUMNS).orderBy('e.id').execute();
      return rows.map(elementOut);
    }),

    implement(api.bim.reducedPbs, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id);
      const spatial = await db
        .selectFrom('bim_elements')
        .select(['id', 'parent_id', 'ifc_class', 'name'])
        .where('space_id', '=', c.space.spaceId)
        .where('model_id', '=', m.id)
        .where('spatial', '=', true)
        .where('ifc_class', '!=', 'IfcSpace')
        .orderBy('elevation')
        .orderBy('id')
        .execute();
      const counts = await db
        .selectFrom('bim_elements')
        .select(['storey_id', 'ifc_class', (b) => b.fn.countAll<number>().as('n')])
        .where('space_id', '=', c.space.spaceId)
        .where('model_id', '=', m.id)
        .where('spatial', '=', false)
        .groupBy(['storey_id', 'ifc_class'])
        .execute();
      const by = new Map<number, Record<string, number>>();
      for (const r of counts) {
        if (r.storey_id === null) continue;
        const rec = by.get(Number(r.storey_id)) ?? {};
        rec[r.ifc_class] = Number(r.n);
        by.set(Number(r.storey_id), rec);
      }
      return spatial.map((s) => {
        const classes = by.get(Number(s.id)) ?? {};
        return {
          id: Number(s.id),
          parent_id: s.parent_id === null ? null : Number(s.parent_id),
          ifc_class: s.ifc_class,
          name: s.name,
          elements: Object.values(classes).reduce((a, b) => a + b, 0),
          ...(c.query.with_classes === 'true' ? { classes } : {}),
        };
      });
    }),

    implement(api.bim.elementInfo, async (c) => {
      await guard(c);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id);
      const id = /^\d{1,10}$/.test(c.params.element_id) ? Number(c.params.element_id) : NaN;
      const r =
        Number.isSafeInteger(id) && id < 2 ** 31
          ? await elements(c.space.spaceId, m.id)
              .select([...ELEMENT_COLUMNS, 'e.psets', 'e.quantities'])
              .where('e.id', '=', id)
              .executeTakeFirst()
          : undefined;
      if (!r)
        throw bad('bim.unknown_element', { element_id: c.params.element_id, field: 'params.element_id' });
      return { ...elementOut(r), psets: r.psets, quantities: r.quantities };
    }),

    implement(api.bim.links, async (c) => {
      await guard(c);
      await project(c.space.spaceId, c.params.id);
      return linksOut(c.space.spaceId, { project_id: c.params.id });
    }),

    implement(api.bim.saveLink, async (c) => {
      await guard(c);
      await project(c.space.spaceId, c.params.id);
      const m = await db
        .selectFrom('bim_models')
        .select(['id', 'name'])
        .where('space_id', '=', c.space.spaceId)
        .where('project_id', '=', c.params.id)
        .where('id', '=', c.body.model_id)
        .executeTakeFirst();
      if (!m) throw bad('bim.unknown_model', { model_id: c.body.model_id, field: 'body.model_id' });
      // The schedule must be under the project (directly or in a group).
      const under = await sql<{ id: string }>`
        WITH RECURSIVE up AS (
          SELECT id, parent_id, kind FROM eps_nodes WHERE space_id = ${c.space.spaceId} AND id = ${c.body.schedule_id}
          UNION ALL
          SELECT n.id, n.parent_id, n.kind FROM eps_nodes n JOIN up ON n.id = up.parent_id
          WHERE n.space_id = ${c.space.spaceId})
        SELECT id FROM up WHERE id = ${c.params.id}`.execute(db);
      const kind = await db
        .selectFrom('eps_nodes')
        .select('kind')
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', c.body.schedule_id)
        .executeTakeFirst();
      if (under.rows.length === 0 || kind?.kind !== 'schedule')
        throw bad('bim.unknown_schedule', { schedule_id: c.body.schedule_id, field: 'body.schedule_id' });
      const l = await db
        .insertInto('bim_links')
        .values({
          space_id: c.space.spaceId,
          project_id: c.params.id,
          model_id: m.id,
          schedule_id: c.body.schedule_id,
          name: c.body.name ?? m.name,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      c.reply.status(201);
      return (await linksOut(c.space.spaceId, { id: l.id }))[0]!;
    }),

    implement(api.bim.updateLink, async (c) => {
      await guard(c);
      const l = await link(c.space.spaceId, c.params.link_id);
      if (l.project_id !== c.params.id) throw notFound('link');
      await db
        .updateTable('bim_links')
        .set({ name: c.body.name })
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', l.id)
        .execute();
      return (await linksOut(c.space.spaceId, { id: l.id }))[0]!;
    }),

    implement(api.bim.deleteLink, async (c) => {
      await guard(c);
      const l = await link(c.space.spaceId, c.params.link_id);
      if (l.project_id !== c.params.id) throw notFound('link');
      await db
        .deleteFrom('bim_links')
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', l.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.bim.wbs, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      const rows = await db
        .selectFrom('wbs_items as w')
        .select([
          'w.id',
          'w.code',
          'w.name',
          sql<number>`(SELECT count(*)::int FROM bim_relations r WHERE r.space_id = w.space_id AND r.link_id = ${l.id} AND r.version_id = w.version_id AND r.wbs_id = w.id)`.as(
            'elements',
          ),
        ])
        .where('w.space_id', '=', c.space.spaceId)
        .where('w.version_id', '=', v.id)
        .orderBy('w.order_key')
        .execute();
      return rows
        .map((r) => ({ wbs_id: r.id, code: r.code, name: r.name, elements: Number(r.elements) }))
        .filter((r) => c.query.linked !== 'true' || r.elements > 0);
    }),

    implement(api.bim.relations, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      const rows = await linkRelations(c.space.spaceId, l.id, v.id)
        .select(['wbs_id', 'element_id', 'source'])
        .orderBy('wbs_id')
        .orderBy('element_id')
        .execute();
      return rows.map((r) => ({ ...r, element_id: Number(r.element_id) }));
    }),

    implement(api.bim.player, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      const byRow = indexRelations(await relationPairs(c.space.spaceId, l.id, v.id)).elementsOfRow;
      const rows = await db
        .selectFrom('wbs_items')
        .select(['id', 'code', 'name', 'es', 'ef', 'actual_start', 'actual_finish', 'percent', 'node_type'])
        .where('space_id', '=', c.space.spaceId)
        .where('version_id', '=', v.id)
        .orderBy('order_key')
        .execute();
      // Late against target: the schedule's target version, row by id, else by code.
      const targetOf = await targetDatesOf(db, c.space.spaceId, v);
      const out = rows
        .filter((r) => c.query.all === 'true' || byRow.has(r.id))
        .map((r) => ({
          wbs_id: r.id,
          code: r.code,
          name: r.name,
          start: r.actual_start ?? r.es,
          finish: r.actual_finish ?? r.ef,
          actual_start: r.actual_start,
          actual_finish: r.actual_finish,
          percent: Number(r.percent),
          target_finish: targetOf(r)?.ef ?? null,
          element_ids: [...(byRow.get(r.id) ?? [])],
        }));
      const starts = out.map((r) => r.start).filter((x): x is number => x !== null);
      const finishes = out.map((r) => r.finish).filter((x): x is number => x !== null);
      return {
        start: starts.length ? Math.min(...starts) : null,
        finish: finishes.length ? Math.max(...finishes) : null,
        data_date: v.data_date,
        rows: out,
      };
    }),

    implement(api.bim.createRelations, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      const wbsIds = c.body.wbs_ids ? await rowsExist(c.space.spaceId, v.id, c.body.wbs_ids) : undefined;
      let pairs: [string, number][];
      let source: 'hand' | 'rule' = 'hand';
      if (c.body.rule) {
        source = 'rule';
        checkRule(c.body.rule, 'body.rule', !!wbsIds);
        pairs = await rulePairs(c.space.spaceId, v.id, l.model_id, c.body.rule, wbsIds);
      } else {
        if (!wbsIds || wbsIds.length === 0) throw bad('bim.bad_rule', { field: 'body.wbs_ids' });
        if (!c.body.element_ids || c.body.element_ids.length === 0)
          throw bad('bim.bad_rule', { field: 'body.element_ids' });
        const els = await elementIdsExist(c.space.spaceId, l.model_id, c.body.element_ids, l.project_id);
        pairs = wbsIds.flatMap((w) => els.map((e) => [w, e] as [string, number]));
      }
      if (c.body.replace) {
        const touched = [...new Set(pairs.map((p) => p[0]))];
        if (touched.length)
          await db
            .deleteFrom('bim_relations')
            .where('space_id', '=', c.space.spaceId)
            .where('link_id', '=', l.id)
            .where('version_id', '=', v.id)
            .where('wbs_id', 'in', touched)
            .execute();
      }
      const created = await insertRelations(c.space.spaceId, l.id, v.id, pairs, source);
      return {
        created: created.length,
        rows: new Set(pairs.map((p) => p[0])).size,
        elements: new Set(pairs.map((p) => p[1])).size,
      };
    }),

    implement(api.bim.deleteRelation, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      if (!c.query.wbs_id && c.query.element_id === undefined)
        throw bad('bim.bad_rule', { field: 'query.wbs_id' });
      let q = db
        .deleteFrom('bim_relations')
        .where('space_id', '=', c.space.spaceId)
        .where('link_id', '=', l.id)
        .where('version_id', '=', v.id);
      if (c.query.wbs_id) q = q.where('wbs_id', '=', c.query.wbs_id);
      if (c.query.element_id !== undefined) q = q.where('element_id', '=', c.query.element_id);
      const res = await q.executeTakeFirst();
      return { deleted: Number(res.numDeletedRows) };
    }),

    implement(api.bim.nodeIds, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      if (c.body.wbs_ids.length === 0) return [];
      const rows = await linkRelations(c.space.spaceId, l.id, v.id)
        .select('element_id')
        .distinct()
        .where('wbs_id', 'in', c.body.wbs_ids)
        .orderBy('element_id')
        .execute();
      return rows.map((r) => Number(r.element_id));
    }),

    implement(api.bim.wbsIdsByElements, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      if (c.body.element_ids.length === 0) return [];
      const rows = await linkRelations(c.space.spaceId, l.id, v.id)
        .select('wbs_id')
        .distinct()
        .where('element_id', 'in', c.body.element_ids)
        .execute();
      return rows.map((r) => r.wbs_id);
    }),

    implement(api.bim.indicatorColors, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      const { indicators } = await versionIndicators(db, c.space.spaceId, v);
      const ind = indicators.find((i) => i.key === c.params.indicator);
      const flaggedRows = new Set(ind?.ids ?? []);
      const split = splitByFlaggedRows(
        indexRelations(await relationPairs(c.space.spaceId, l.id, v.id)),
        flaggedRows,
      );
      return {
        indicator: c.params.indicator,
        pass: ind?.pass ?? null,
        colors: { flagged: DEFAULT_COLORS.late, clear: DEFAULT_COLORS.completed },
        ...split,
        flagged_rows: [...flaggedRows],
      };
    }),

    implement(api.bim.coverage, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      const rows = await db
        .selectFrom('wbs_items as w')
        .select(['w.id', 'w.code', 'w.name'])
        .where('w.space_id', '=', c.space.spaceId)
        .where('w.version_id', '=', v.id)
        .where('w.node_type', 'in', ['task', 'work'])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('bim_relations as r')
                .select('r.wbs_id')
                .whereRef('r.space_id', '=', 'w.space_id')
                .where('r.link_id', '=', l.id)
                .whereRef('r.version_id', '=', 'w.version_id')
                .whereRef('r.wbs_id', '=', 'w.id'),
            ),
          ),
        )
        .orderBy('w.order_key')
        .execute();
      const total = await db
        .selectFrom('wbs_items')
        .select((b) => b.fn.countAll<number>().as('n'))
        .where('space_id', '=', c.space.spaceId)
        .where('version_id', '=', v.id)
        .where('node_type', 'in', ['task', 'work'])
        .executeTakeFirstOrThrow();
      const els = await elements(c.space.spaceId, l.model_id)
        .select(ELEMENT_COLUMNS)
        .where('e.spatial', '=', false)
        .where('e.has_geometry', '=', true)
        .where('e.ifc_class', '!=', 'IfcOpeningElement')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('bim_relations as r')
                .select('r.element_id')
                .whereRef('r.space_id', '=', 'e.space_id')
                .where('r.link_id', '=', l.id)
                .where('r.version_id', '=', v.id)
                .whereRef('r.element_id', '=', 'e.id'),
            ),
          ),
        )
        .orderBy('e.id')
        .execute();
      const elTotal = await db
        .selectFrom('bim_elements')
        .select((b) => b.fn.countAll<number>().as('n'))
        .where('space_id', '=', c.space.spaceId)
        .where('model_id', '=', l.model_id)
        .where('spatial', '=', false)
        .where('has_geometry', '=', true)
        .where('ifc_class', '!=', 'IfcOpeningElement')
        .executeTakeFirstOrThrow();
      return {
        rows_without_elements: rows.map((r) => ({ wbs_id: r.id, code: r.code, name: r.name })),
        elements_without_rows: els.map(elementOut),
        rows: Number(total.n),
        elements: Number(elTotal.n),
      };
    }),

    implement(api.bim.scheduleLinks, async (c) => {
      await guard(c);
      const sch = await db
        .selectFrom('eps_nodes')
        .select('kind')
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', c.params.id)
        .executeTakeFirst();
      if (sch?.kind !== 'schedule') throw notFound('schedule');
      return linksOut(c.space.spaceId, { schedule_id: c.params.id });
    }),

    implement(api.bim.profiles, async (c) => {
      await guard(c);
      const rows = await db
        .selectFrom('bim_profiles')
        .selectAll()
        .where('space_id', '=', c.space.spaceId)
        .orderBy('created_at')
        .execute();
      return [builtInProfile(!rows.some((r) => r.is_active)), ...rows.map(profileOut)];
    }),

    implement(api.bim.saveProfile, async (c) => {
      await guard(c);
      const b = c.body;
      checkProfile(b.mode ?? 'status', b.attribute ?? null);
      const row = await db.transaction().execute(async (tx) => {
        if (b.is_active)
          await tx
            .updateTable('bim_profiles')
            .set({ is_active: false })
            .where('space_id', '=', c.space.spaceId)
            .execute();
        return tx
          .insertInto('bim_profiles')
          .values({
            space_id: c.space.spaceId,
            name: b.name,
            colors: JSON.stringify({ ...DEFAULT_COLORS, ...b.colors }),
            mode: b.mode ?? 'status',
            attribute: b.attribute ? JSON.stringify(b.attribute) : null,
            value_colors: JSON.stringify(b.value_colors ?? {}),
            is_active: b.is_active ?? false,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      c.reply.status(201);
      return profileOut(row);
    }),

    implement(api.bim.updateProfile, async (c) => {
      await guard(c);
      const b = c.body;
      const space = c.space.spaceId;
      if (c.params.profile_id === BUILT_IN_PROFILE) {
        // The built-in profile is never stored: making it active makes every stored one inactive.
        const other = Object.keys(b).find((k) => k !== 'is_active');
        if (other || b.is_active !== true)
          throw bad('bim.builtin_profile', { field: `body.${other ?? 'is_active'}` });
        await db
          .updateTable('bim_profiles')
          .set({ is_active: false })
          .where('space_id', '=', space)
          .execute();
        return builtInProfile(true);
      }
      const cur = await db
        .selectFrom('bim_profiles')
        .selectAll()
        .where('space_id', '=', space)
        .where('id', '=', c.params.profile_id)
        .executeTakeFirst();
      if (!cur) throw notFound('profile');
      const mode = b.mode ?? cur.mode;
      const attribute = b.attribute !== undefined ? b.attribute : (cur.attribute as BimProfile['attribute']);
      checkProfile(mode, attribute);
      const row = await db.transaction().execute(async (tx) => {
        if (b.is_active)
          await tx
            .updateTable('bim_profiles')
            .set({ is_active: false })
            .where('space_id', '=', space)
            .execute();
        return tx
          .updateTable('bim_profiles')
          .set({
            name: b.name ?? cur.name,
            colors: JSON.stringify({ ...DEFAULT_COLORS, ...(cur.colors as object), ...b.colors }),
            mode,
            attribute: attribute ? JSON.stringify(attribute) : null,
            value_colors: JSON.stringify(b.value_colors ?? cur.value_colors ?? {}),
            is_active: b.is_active ?? cur.is_active,
          })
          .where('space_id', '=', space)
          .where('id', '=', cur.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return profileOut(row);
    }),

    implement(api.bim.deleteProfile, async (c) => {
      await guard(c);
      if (c.params.profile_id === BUILT_IN_PROFILE)
        throw bad('bim.builtin_profile', { field: 'params.profile_id' });
      const res = await db
        .deleteFrom('bim_profiles')
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', c.params.profile_id)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound('profile');
      return { success: true as const };
    }),

    implement(api.bim.attributeValues, async (c) => {
      await guard(c);
      await project(c.space.spaceId, c.params.id);
      const m = await model(c.space.spaceId, c.params.id, c.params.model_id);
      const key = { kind: c.query.kind, pset: c.query.pset, property: c.query.property };
      if (key.kind === 'property' && (!key.pset || !key.property))
        throw bad('bim.bad_profile', { field: 'query.pset, query.property' });
      const els = await ruleElements(c.space.spaceId, m.id, { withGeometry: true });
      return groupByKey(els, key);
    }),
  ];
}
