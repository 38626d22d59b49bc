// Typed attributes of a space (api/attributes.ts): definitions at a scope level, access per role,
// the distinct values rows hold, the formula check, and the schedule views of them. Every read
// goes through the caller's role: a hidden attribute is not listed (except to those who manage
// access) and its values never leave the server (see services/attribute-access.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { api } from '../../api';
import type { AttributeInput } from '../../api/attributes';
import { allows } from '../../domain/admin/permissions';
import { compileFormulas, FORMULA_COLUMNS, nameResolver } from '../../domain/formula';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { implement } from '../http/register';
import {
  accessRows,
  ancestorIds,
  appliesTo,
  attributesForRole,
  defaultAccess,
  roleOf,
  toAttribute,
  withRoles,
  type AttributeRow,
} from '../services/attribute-access';
import { getNode } from '../services/eps';
import { getVersion } from './versions';

export function attributeRoutes({ db }: AppContext) {
  const getAttribute = async (spaceId: string, id: string): Promise<AttributeRow> => {
    const row = await db
      .selectFrom('attributes')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('attribute');
    return row;
  };

  /** The node a scope names exists in the space and is of that level. */
  const checkNode = async (spaceId: string, input: AttributeInput) => {
    if (input.scope === 'space') return;
    if (input.scope === 'version') await getVersion(db, spaceId, input.node_id!);
    else await getNode(db, spaceId, input.node_id!, input.scope);
  };

  /** A formula's problem as a 400 naming the field, or nothing. */
  const checkFormula = async (spaceId: string, formula: string, key: string | null) => {
    const attrs = await db
      .selectFrom('attributes')
      .select(['key', 'name'])
      .where('space_id', '=', spaceId)
      .execute();
    const set = compileFormulas([{ key: key ?? '\u0000new', formula }], nameResolver(FORMULA_COLUMNS, attrs));
    return { set, error: [...set.errors.values()][0] ?? null };
  };

  const validate = async (spaceId: string, input: AttributeInput, key: string | null) => {
    await checkNode(spaceId, input);
    if (input.formula !== null) {
      const { error } = await checkFormula(spaceId, input.formula, key);
      if (error)
        throw badRequest(`formula.${error.code}`, { field: 'formula', at: error.at, detail: error.detail });
    }
  };

  const nameTaken = (err: unknown) => {
    if ((err as { code?: string }).code === '23505') throw conflict('attribute.name_taken');
    throw err;
  };

  /** The caller's view of one attribute with the roles' access. */
  const answer = async (space: Parameters<typeof roleOf>[0], row: AttributeRow) => {
    const access = await accessRows(db, space.spaceId);
    const mine = access.get(row.id)?.get(space.roleId) ?? defaultAccess(space.roleValue);
    return withRoles(db, space.spaceId, row, mine, access);
  };

  /** Attributes that apply to a schedule (its versions' own ones included). */
  const forSchedule = async (
    spaceId: string,
    scheduleId: string,
    role: { id: string; value: 'moderator' | 'planning_and_control' | 'fact_gathering' | 'student' },
  ) => {
    await getNode(db, spaceId, scheduleId, 'schedule');
    const [up, versions, all] = await Promise.all([
      ancestorIds(db, spaceId, scheduleId),
      db
        .selectFrom('versions')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('schedule_id', '=', scheduleId)
        .execute(),
      attributesForRole(db, spaceId, role),
    ]);
    const vs = new Set(versions.map((v) => v.id));
    return all.filter((a) => appliesTo(a.row, up, vs));
  };

  const roleById = async (spaceId: string, roleId: string) => {
    const r = await db
      .selectFrom('roles')
      .select(['id', 'value'])
      .where('space_id', '=', spaceId)
      .where('id', '=', roleId)
      .executeTakeFirst();
    if (!r) throw notFound('role');
    return r;
  };

  const setAccess = async (
    spaceId: string,
    attributeId: string,
    roleId: string,
    access: 'hidden' | 'read' | 'write',
  ) => {
    await roleById(spaceId, roleId);
    await db
      .insertInto('attribute_access')
      .values({ space_id: spaceId, attribute_id: attributeId, role_id: roleId, access })
      .onConflict((oc) => oc.columns(['space_id', 'attribute_id', 'role_id']).doUpdateSet({ access }))
      .execute();
  };

  const removeAttribute = async (spaceId: string, row: AttributeRow) => {
    await db.transaction().execute(async (tx) => {
      // The rows' values go with the definition (one statement over the rows that hold any).
      await sql`UPDATE wbs_items SET attributes = attributes - ${row.key}::text
        WHERE space_id = ${spaceId} AND attributes ? ${row.key}`.execute(tx);
      await tx.deleteFrom('attributes').where('space_id', '=', spaceId).where('id', '=', row.id).execute();
    });
  };

  return [
    implement(api.attributes.list, async ({ space }) => {
      const manages = allows(space.permissions, 'attributes', 'admin');
      const [all, access] = await Promise.all([
        attributesForRole(db, space.spaceId, roleOf(space)),
        accessRows(db, space.spaceId),
      ]);
      const shown = all.filter((a) => manages || a.access !== 'hidden');
      return {
        items: await Promise.all(shown.map((a) => withRoles(db, space.spaceId, a.row, a.access, access))),
      };
    }),

    implement(api.attributes.create, async ({ body, space }) => {
      await validate(space.spaceId, body, null);
      const row = await db
        .insertInto('attributes')
        .values({
          space_id: space.spaceId,
          scope: body.scope,
          node_id: body.node_id,
          // A key of our own: never one an import's columns use (udf:…, actv:…, CSV headers).
          key: `a_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
          name: body.name,
          type: body.type,
          list_values: JSON.stringify(body.list_values),
          formula: body.type === 'formula' ? body.formula : null,
          directory_id: body.directory_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(nameTaken);
      return answer(space, row);
    }),

    implement(api.attributes.update, async ({ params, body, space }) => {
      const before = await getAttribute(space.spaceId, params.id);
      await validate(space.spaceId, body, before.key);
      if (body.type !== before.type && before.type !== 'formula') {
        const held = await sql<{ n: number }>`SELECT count(*)::int AS n FROM wbs_items
          WHERE space_id = ${space.spaceId} AND attributes ? ${before.key}`.execute(db);
        if (held.rows[0]!.n > 0) throw conflict('attribute.type_in_use', { rows: held.rows[0]!.n });
      }
      const row = await db
        .updateTable('attributes')
        .set({
          scope: body.scope,
          node_id: body.node_id,
          name: body.name,
          type: body.type,
          list_values: JSON.stringify(body.list_values),
          formula: body.type === 'formula' ? body.formula : null,
          directory_id: body.directory_id,
          updated_at: sql`now()`,
        })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(nameTaken);
      return answer(space, row);
    }),

    implement(api.attributes.remove, async ({ params, space }) => {
      await removeAttribute(space.spaceId, await getAttribute(space.spaceId, params.id));
      return { success: true as const };
    }),

    implement(api.attributes.setAccess, async ({ params, body, space }) => {
      const row = await getAttribute(space.spaceId, params.id);
      await setAccess(space.spaceId, row.id, body.role_id, body.access);
      return answer(space, row);
    }),

    implement(api.attributes.removeAccess, async ({ params, space }) => {
      const row = await getAttribute(space.spaceId, params.id);
      await roleById(space.spaceId, params.roleId);
      await db
        .deleteFrom('attribute_access')
        .where('space_id', '=', space.spaceId)
        .where('attribute_id', '=', row.id)
        .where('role_id', '=', params.roleId)
        .execute();
      return answer(space, row);
    }),

    implement(api.attributes.values, async ({ params, space }) => {
      const row = await getAttribute(space.spaceId, params.id);
      const mine = (await attributesForRole(db, space.spaceId, roleOf(space))).find(
        (a) => a.row.id === row.id,
      );
      if (!mine || mine.access === 'hidden') throw notFound('attribute');
      const r = await sql<{ value: string | number; rows: number }>`
        SELECT attributes -> ${row.key} AS value, count(*)::int AS rows FROM wbs_items
        WHERE space_id = ${space.spaceId} AND attributes ? ${row.key}
          AND jsonb_typeof(attributes -> ${row.key}) IN ('string', 'number')
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 200`.execute(db);
      return { items: r.rows.map((x) => ({ value: x.value, rows: x.rows })) };
    }),

    implement(api.attributes.search, async ({ query, space }) => {
      const needle = query.q.toLowerCase();
      const all = await attributesForRole(db, space.spaceId, roleOf(space));
      return {
        items: all
          .filter((a) => a.access !== 'hidden' && a.row.name.toLowerCase().includes(needle))
          .map((a) => toAttribute(a.row, a.access)),
      };
    }),

    implement(api.attributes.calculate, async ({ body, space }) => {
      const { set, error } = await checkFormula(space.spaceId, body.formula, body.key);
      const f = set.formulas[0];
      return {
        ok: error === null,
        error: error ? { code: error.code, at: error.at, detail: error.detail } : null,
        fields: f ? [...f.fields.values()] : [],
      };
    }),

    implement(api.attributes.schedule, async ({ params, space }) => {
      const list = await forSchedule(space.spaceId, params.id, roleOf(space));
      return { items: list.filter((a) => a.access !== 'hidden').map((a) => toAttribute(a.row, a.access)) };
    }),

    implement(api.attributes.scheduleAll, async ({ params, space }) => {
      const list = await forSchedule(space.spaceId, params.id, roleOf(space));
      const access = await accessRows(db, space.spaceId);
      return {
        items: await Promise.all(list.map((a) => withRoles(db, space.spaceId, a.row, a.access, access))),
      };
    }),

    implement(api.attributes.scheduleForRole, async ({ params, space }) => {
      const role = await roleById(space.spaceId, params.roleId);
      const list = await forSchedule(space.spaceId, params.id, role);
      return { items: list.map((a) => toAttribute(a.row, a.access)) };
    }),

    implement(api.attributes.scheduleAccess, async ({ params, body, space }) => {
      const list = await forSchedule(space.spaceId, params.id, roleOf(space));
      if (!list.some((a) => a.row.id === body.attribute_id)) throw notFound('attribute');
      await setAccess(space.spaceId, body.attribute_id, body.role_id, body.access);
      return { success: true as const };
    }),

    implement(api.attributes.scheduleRemove, async ({ params, space }) => {
      const list = await forSchedule(space.spaceId, params.id, roleOf(space));
      const hit = list.find((a) => a.row.id === params.attributeId);
      if (!hit) throw notFound('attribute');
      await removeAttribute(space.spaceId, hit.row);
      return { success: true as const };
    }),
  ];
}
