// 3D/BIM, the rest of spec §7's 3D calls (src/api/bim-more.ts, docs/bim.md): dates-for-deviation,
// one row's elements, delete-relations (the undo of a link edit), all-attributes of a schedule's
// models, the caller's BIM state of a link, and primitive models of a project. The BIM
// entitlement guards every call as in routes/bim.ts.
import { sql } from 'kysely';
import { api } from '../../api';
import type { BimState, Primitive } from '../../api/bim-more';
import { BUILT_IN_PROFILE } from '../../api/bim';
import { deviationDays, indexRelations, nextPrimitiveNum, primitiveElementId } from '../../domain/bim';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import { bad, bimScope, targetDatesOf } from './bim-scope';

type PrimitiveRow = {
  id: string;
  project_id: string;
  num: number;
  name: string;
  shape: Primitive['shape'];
  position: number[];
  size: number[];
  rotation: number;
  color: string;
};
const primitiveOut = (r: PrimitiveRow): Primitive => ({
  id: r.id,
  eps_id: r.project_id,
  element_id: primitiveElementId(Number(r.num)),
  name: r.name,
  shape: r.shape,
  position: r.position as Primitive['position'],
  size: r.size as Primitive['size'],
  rotation: Number(r.rotation),
  color: r.color,
});

export function bimMoreRoutes(ctx: AppContext): Implemented[] {
  const { db } = ctx;
  const { guard, link, versionLink, linkRelations, relationPairs } = bimScope(ctx);
  /** A project node of the space (400 when the id is another kind of node). */
  const projectNode = async (spaceId: string, id: string, field: string) => {
    const p = await db
      .selectFrom('eps_nodes')
      .select(['id', 'kind'])
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!p) throw notFound('project');
    if (p.kind !== 'project') throw bad('bim.not_project', { eps_id: id, field });
    return p;
  };
  const primitiveRow = async (spaceId: string, id: string, projectId?: string) => {
    let q = db.selectFrom('bim_primitives').selectAll().where('space_id', '=', spaceId).where('id', '=', id);
    if (projectId) q = q.where('project_id', '=', projectId);
    const r = await q.executeTakeFirst();
    if (!r) throw notFound('primitive');
    return r;
  };

  const stateOut = (
    linkId: string,
    r: {
      camera: unknown;
      hidden: unknown;
      isolated: unknown;
      section: number | null;
      profile_id: string | null;
    },
  ): BimState => ({
    link_id: linkId,
    camera: (r.camera ?? null) as BimState['camera'],
    hidden: (r.hidden ?? []) as number[],
    isolated: (r.isolated ?? null) as number[] | null,
    section: r.section === null ? null : Number(r.section),
    profile_id: r.profile_id,
  });

  return [
    implement(api.bim.datesForDeviation, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      const byRow = indexRelations(await relationPairs(c.space.spaceId, l.id, v.id)).elementsOfRow;
      if (byRow.size === 0) return [];
      const rows = await db
        .selectFrom('wbs_items')
        .select(['id', 'code', 'name', 'es', 'ef', 'actual_start', 'actual_finish'])
        .where('space_id', '=', c.space.spaceId)
        .where('version_id', '=', v.id)
        .where('id', 'in', [...byRow.keys()])
        .orderBy('order_key')
        .execute();
      const targetOf = await targetDatesOf(db, c.space.spaceId, v);
      return rows.map((r) => {
        const t = targetOf(r);
        const finish = r.actual_finish ?? r.ef;
        const targetFinish = t?.ef ?? null;
        return {
          wbs_id: r.id,
          code: r.code,
          name: r.name,
          planned_start: r.es,
          planned_finish: r.ef,
          actual_start: r.actual_start,
          actual_finish: r.actual_finish,
          target_start: t?.es ?? null,
          target_finish: targetFinish,
          deviation_days: deviationDays({ finish, target_finish: targetFinish }),
          element_ids: [...(byRow.get(r.id) ?? [])],
        };
      });
    }),

    implement(api.bim.rowElements, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      const row = await db
        .selectFrom('wbs_items')
        .select(['id', 'code', 'name'])
        .where('space_id', '=', c.space.spaceId)
        .where('version_id', '=', v.id)
        .where('id', '=', c.params.wbs_id)
        .executeTakeFirst();
      if (!row)
        throw bad('bim.other_version', { wbs_id: c.params.wbs_id, version_id: v.id, field: 'params.wbs_id' });
      const els = await linkRelations(c.space.spaceId, l.id, v.id)
        .select('element_id')
        .where('wbs_id', '=', row.id)
        .orderBy('element_id')
        .execute();
      return {
        wbs_id: row.id,
        code: row.code,
        name: row.name,
        element_ids: els.map((e) => Number(e.element_id)),
      };
    }),

    implement(api.bim.deleteRelations, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      let deleted = 0;
      await db.transaction().execute(async (tx) => {
        for (let i = 0; i < c.body.pairs.length; i += 1000) {
          const chunk = c.body.pairs.slice(i, i + 1000);
          const res = await tx
            .deleteFrom('bim_relations')
            .where('space_id', '=', c.space.spaceId)
            .where('link_id', '=', l.id)
            .where('version_id', '=', v.id)
            .where((eb) =>
              eb.or(
                chunk.map((p) => eb.and([eb('wbs_id', '=', p.wbs_id), eb('element_id', '=', p.element_id)])),
              ),
            )
            .executeTakeFirst();
          deleted += Number(res.numDeletedRows);
        }
      });
      return { deleted };
    }),

    implement(api.bim.allAttributes, async (c) => {
      await guard(c);
      const sch = await db
        .selectFrom('eps_nodes')
        .select('kind')
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', c.params.id)
        .executeTakeFirst();
      if (sch?.kind !== 'schedule') throw notFound('schedule');
      const links = await db
        .selectFrom('bim_links as l')
        .innerJoin('bim_models as m', (j) =>
          j.onRef('m.space_id', '=', 'l.space_id').onRef('m.id', '=', 'l.model_id'),
        )
        .select(['l.id as link_id', 'm.id as model_id', 'm.name'])
        .where('l.space_id', '=', c.space.spaceId)
        .where('l.schedule_id', '=', c.params.id)
        .orderBy('l.created_at')
        .execute();
      const models = [...new Set(links.map((l) => l.model_id))];
      const empty = { models: links, classes: [], storeys: [], materials: [], types: [], properties: [] };
      if (models.length === 0) return empty;
      const base = () =>
        db.selectFrom('bim_elements').where('space_id', '=', c.space.spaceId).where('model_id', 'in', models);
      const distinct = async (col: 'ifc_class' | 'material' | 'type_name') =>
        (await base().select(col).distinct().where(col, 'is not', null).orderBy(col).execute()).map((r) =>
          String((r as Record<string, unknown>)[col]),
        );
      const storeys = (
        await base()
          .select('name')
          .distinct()
          .where('ifc_class', '=', 'IfcBuildingStorey')
          .where('name', 'is not', null)
          .orderBy('name')
          .execute()
      ).map((r) => r.name ?? '');
      const props = await sql<{ pset: string; property: string }>`
        SELECT DISTINCT p.key AS pset, q.key AS property
        FROM bim_elements e, jsonb_each(e.psets || e.quantities) p, jsonb_object_keys(p.value) q(key)
        WHERE e.space_id = ${c.space.spaceId} AND e.model_id IN (${sql.join(models)})
        ORDER BY 1, 2 LIMIT 5000`.execute(db);
      return {
        models: links,
        classes: await distinct('ifc_class'),
        storeys,
        materials: await distinct('material'),
        types: await distinct('type_name'),
        properties: props.rows,
      };
    }),

    implement(api.bim.state, async (c) => {
      await guard(c);
      const l = await link(c.space.spaceId, c.params.link_id);
      const r = await db
        .selectFrom('bim_states')
        .selectAll()
        .where('space_id', '=', c.space.spaceId)
        .where('user_id', '=', c.userId)
        .where('link_id', '=', l.id)
        .executeTakeFirst();
      return r ? stateOut(l.id, r) : null;
    }),

    implement(api.bim.saveState, async (c) => {
      await guard(c);
      const l = await link(c.space.spaceId, c.params.link_id);
      const b = c.body;
      if (b.profile_id !== null && b.profile_id !== BUILT_IN_PROFILE) {
        const p = await db
          .selectFrom('bim_profiles')
          .select('id')
          .where('space_id', '=', c.space.spaceId)
          .where('id', '=', b.profile_id)
          .executeTakeFirst();
        if (!p) throw bad('bim.unknown_profile', { profile_id: b.profile_id, field: 'body.profile_id' });
      }
      const values = {
        camera: b.camera ? JSON.stringify(b.camera) : null,
        hidden: JSON.stringify(b.hidden),
        isolated: b.isolated ? JSON.stringify(b.isolated) : null,
        section: b.section,
        profile_id: b.profile_id,
        updated_at: new Date(),
      };
      const r = await db
        .insertInto('bim_states')
        .values({ space_id: c.space.spaceId, user_id: c.userId, link_id: l.id, ...values })
        .onConflict((o) => o.columns(['space_id', 'user_id', 'link_id']).doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      return stateOut(l.id, r);
    }),

    implement(api.bim.primitives, async (c) => {
      await guard(c);
      await projectNode(c.space.spaceId, c.params.id, 'params.id');
      const rows = await db
        .selectFrom('bim_primitives')
        .selectAll()
        .where('space_id', '=', c.space.spaceId)
        .where('project_id', '=', c.params.id)
        .orderBy('num')
        .execute();
      return rows.map(primitiveOut);
    }),

    implement(api.bim.primitive, async (c) => {
      await guard(c);
      await projectNode(c.space.spaceId, c.params.id, 'params.id');
      return primitiveOut(await primitiveRow(c.space.spaceId, c.params.primitive_id, c.params.id));
    }),

    implement(api.bim.deletePrimitive, async (c) => {
      await guard(c);
      await projectNode(c.space.spaceId, c.params.id, 'params.id');
      const p = await primitiveRow(c.space.spaceId, c.params.primitive_id, c.params.id);
      await db.transaction().execute(async (tx) => {
        // Its relations go with it (through every link of the project).
        await tx
          .deleteFrom('bim_relations')
          .where('space_id', '=', c.space.spaceId)
          .where('element_id', '=', primitiveElementId(Number(p.num)))
          .where(
            'link_id',
            'in',
            tx
              .selectFrom('bim_links')
              .select('id')
              .where('space_id', '=', c.space.spaceId)
              .where('project_id', '=', p.project_id),
          )
          .execute();
        await tx
          .deleteFrom('bim_primitives')
          .where('space_id', '=', c.space.spaceId)
          .where('id', '=', p.id)
          .execute();
      });
      return { success: true as const };
    }),

    implement(api.bim.createPrimitive, async (c) => {
      await guard(c);
      const b = c.body;
      await projectNode(c.space.spaceId, b.eps_id, 'body.eps_id');
      const row = await db.transaction().execute(async (tx) => {
        const nums = await tx
          .selectFrom('bim_primitives')
          .select('num')
          .where('space_id', '=', c.space.spaceId)
          .where('project_id', '=', b.eps_id)
          .execute();
        return tx
          .insertInto('bim_primitives')
          .values({
            space_id: c.space.spaceId,
            project_id: b.eps_id,
            num: nextPrimitiveNum(nums.map((n) => Number(n.num))),
            name: b.name,
            shape: b.shape,
            position: JSON.stringify(b.position),
            size: JSON.stringify(b.size),
            rotation: b.rotation,
            color: b.color,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      c.reply.status(201);
      return primitiveOut(row);
    }),

    implement(api.bim.updatePrimitive, async (c) => {
      await guard(c);
      const b = c.body;
      const cur = await primitiveRow(c.space.spaceId, b.id);
      const row = await db
        .updateTable('bim_primitives')
        .set({
          name: b.name ?? cur.name,
          shape: b.shape ?? cur.shape,
          position: JSON.stringify(b.position ?? cur.position),
          size: JSON.stringify(b.size ?? cur.size),
          rotation: b.rotation ?? cur.rotation,
          color: b.color ?? cur.color,
        })
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', cur.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return primitiveOut(row);
    }),
  ];
}
