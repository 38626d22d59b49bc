// 3D/BIM link sets (src/api/bim-sets.ts, docs/bim.md): named link rules of a project, listed,
// saved, renamed, deleted, and applied to a version through a link by the same code path as
// create-relations by rule (routes/bim-link-core.ts). Applying answers the pairs it created, so
// the 3D screen records them as one undoable link edit whose undo removes exactly them.
import { sql } from 'kysely';
import { api } from '../../api';
import type { BimLinkSet, SavedLinkRule } from '../../api/bim-sets';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import { iso } from '../services/mappers';
import { matchRules } from '../../domain/bim';
import { bimLinkCore } from './bim-link-core';
import { bad, bimScope } from './bim-scope';

type SetRow = {
  id: string;
  project_id: string;
  name: string;
  rules: unknown;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
};
const setOut = (r: SetRow): BimLinkSet => ({
  id: r.id,
  project_id: r.project_id,
  name: r.name,
  rules: r.rules as SavedLinkRule[],
  created_by: r.created_by,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export function bimSetRoutes(ctx: AppContext): Implemented[] {
  const { db } = ctx;
  const { guard, versionLink } = bimScope(ctx);
  const { checkRule, ruleElements, versionRows, insertRelations } = bimLinkCore(ctx);

  const project = async (spaceId: string, id: string) => {
    const p = await db
      .selectFrom('eps_nodes')
      .select(['id', 'kind'])
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!p || p.kind !== 'project') throw notFound('project');
  };
  const setRow = async (spaceId: string, projectId: string, id: string) => {
    const r = await db
      .selectFrom('bim_link_sets')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound('link_set');
    return r;
  };
  /** 400 when another set of the project has the name (ignoring case). */
  const nameFree = async (spaceId: string, projectId: string, name: string, except?: string) => {
    let q = db
      .selectFrom('bim_link_sets')
      .select('id')
      .where('space_id', '=', spaceId)
      .where('project_id', '=', projectId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (except) q = q.where('id', '!=', except);
    if (await q.executeTakeFirst()) throw bad('bim.duplicate_link_set', { name, field: 'body.name' });
  };
  const checkRules = (rules: SavedLinkRule[]) =>
    rules.forEach((r, i) => checkRule(r, `body.rules.${i}`, null));
  /** The unique index is the last word when two saves race. */
  const unique = (name: string) => (err: unknown) => {
    if ((err as { code?: string }).code === '23505')
      throw bad('bim.duplicate_link_set', { name, field: 'body.name' });
    throw err;
  };

  return [
    implement(api.bim.linkSets, async (c) => {
      await guard(c);
      await project(c.space.spaceId, c.params.id);
      const rows = await db
        .selectFrom('bim_link_sets')
        .selectAll()
        .where('space_id', '=', c.space.spaceId)
        .where('project_id', '=', c.params.id)
        .orderBy(sql`lower(name)`)
        .execute();
      return rows.map(setOut);
    }),

    implement(api.bim.createLinkSet, async (c) => {
      await guard(c);
      await project(c.space.spaceId, c.params.id);
      checkRules(c.body.rules);
      await nameFree(c.space.spaceId, c.params.id, c.body.name);
      const r = await db
        .insertInto('bim_link_sets')
        .values({
          space_id: c.space.spaceId,
          project_id: c.params.id,
          name: c.body.name,
          rules: JSON.stringify(c.body.rules),
          created_by: c.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(unique(c.body.name));
      c.reply.status(201);
      return setOut(r);
    }),

    implement(api.bim.updateLinkSet, async (c) => {
      await guard(c);
      const cur = await setRow(c.space.spaceId, c.params.id, c.params.set_id);
      const name = c.body.name ?? cur.name;
      if (c.body.rules) checkRules(c.body.rules);
      if (c.body.name !== undefined) await nameFree(c.space.spaceId, c.params.id, name, cur.id);
      const r = await db
        .updateTable('bim_link_sets')
        .set({
          name,
          rules: JSON.stringify(c.body.rules ?? cur.rules),
          updated_at: new Date(),
        })
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', cur.id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(unique(name));
      return setOut(r);
    }),

    implement(api.bim.deleteLinkSet, async (c) => {
      await guard(c);
      const cur = await setRow(c.space.spaceId, c.params.id, c.params.set_id);
      await db
        .deleteFrom('bim_link_sets')
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', cur.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.bim.applyLinkSet, async (c) => {
      await guard(c);
      const { v, l } = await versionLink(c.space.spaceId, c.params.id, c.params.link_id);
      // Only the sets of the link's project apply through it.
      const set = await setRow(c.space.spaceId, l.project_id, c.params.set_id);
      const rules = set.rules as SavedLinkRule[];
      const { pairs, perRule } = matchRules(
        rules,
        await ruleElements(c.space.spaceId, l.model_id),
        await versionRows(c.space.spaceId, v.id),
      );
      const created = await db
        .transaction()
        .execute((tx) => insertRelations(c.space.spaceId, l.id, v.id, pairs, 'rule', tx));
      return {
        created: created.length,
        rows: new Set(pairs.map((p) => p[0])).size,
        elements: new Set(pairs.map((p) => p[1])).size,
        pairs: created,
        per_rule: perRule,
      };
    }),
  ];
}
