// Replacements: a schedule's substitution rules (domain/versions/replacements), kept per schedule
// and applied by every upload into it (jobs/import-job); the preview shows a rule's effect on a
// version. Every write re-checks the whole active rule set, so a conflicting set is never stored.
import type { Kysely, Selectable } from 'kysely';
import { api } from '../../api';
import type { Replacement } from '../../api/replacements';
import {
  type ReplacementProblem,
  type ReplacementRule,
  codeCollisions,
  validateRules,
} from '../../domain/versions/replacements';
import type { AppContext } from '../context';
import type { DB, ScheduleReplacementsTable } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { translate } from '../i18n/messages';
import { implement } from '../http/register';
import { getNode } from '../services/eps';
import { getVersion } from './versions';

type Row = Selectable<ScheduleReplacementsTable>;

const toApi = (r: Row): Replacement => ({
  id: r.id,
  schedule_id: r.schedule_id,
  field: r.field,
  from: r.from_value,
  to: r.to_value,
  active: r.active,
  order: r.sort_order,
});

export const toRule = (r: Row): ReplacementRule => ({
  id: r.id,
  field: r.field,
  from: r.from_value,
  to: r.to_value,
  active: r.active,
});

/** A schedule's rules in their order. */
export async function scheduleRules(db: Kysely<DB>, spaceId: string, scheduleId: string): Promise<Row[]> {
  return db
    .selectFrom('schedule_replacements')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('schedule_id', '=', scheduleId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}

/** The first problem of a rule set as a 400 naming the body field it comes from. */
function refuse(problem: ReplacementProblem): never {
  const field =
    problem.code === 'replacements.same_value'
      ? 'body.to'
      : problem.code === 'replacements.many_to_one'
        ? 'body.to'
        : 'body.from';
  throw badRequest(problem.code, { ...problem.params, field });
}

export const replacementRoutes = ({ db }: AppContext) => {
  const rule = async (spaceId: string, scheduleId: string, id: string) => {
    const row = await db
      .selectFrom('schedule_replacements')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('schedule_id', '=', scheduleId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('replacement');
    return row;
  };

  return [
    implement(api.replacements.list, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      return (await scheduleRules(db, space.spaceId, params.id)).map(toApi);
    }),

    implement(api.replacements.create, async ({ params, body, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const rows = await scheduleRules(db, space.spaceId, params.id);
      const draft: ReplacementRule = { id: 'new', ...body };
      const problem = validateRules([...rows.map(toRule), draft]).find((p) => p.ruleId === 'new');
      if (problem) refuse(problem);
      const row = await db
        .insertInto('schedule_replacements')
        .values({
          space_id: space.spaceId,
          schedule_id: params.id,
          field: body.field,
          from_value: body.from,
          to_value: body.to,
          active: body.active,
          sort_order: rows.reduce((m, r) => Math.max(m, r.sort_order + 1), 0),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toApi(row);
    }),

    implement(api.replacements.update, async ({ params, body, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const current = await rule(space.spaceId, params.id, body.id);
      const next: Row = {
        ...current,
        field: body.field ?? current.field,
        from_value: body.from ?? current.from_value,
        to_value: body.to ?? current.to_value,
        active: body.active ?? current.active,
      };
      // The changed rule is checked last, so the problem named is the one it brings.
      const others = (await scheduleRules(db, space.spaceId, params.id)).filter((r) => r.id !== next.id);
      const problem = validateRules([...others.map(toRule), toRule(next)]).find((p) => p.ruleId === next.id);
      if (problem) refuse(problem);
      const row = await db
        .updateTable('schedule_replacements')
        .set({ field: next.field, from_value: next.from_value, to_value: next.to_value, active: next.active })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', next.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toApi(row);
    }),

    implement(api.replacements.remove, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      await rule(space.spaceId, params.id, params.rule_id);
      await db
        .deleteFrom('schedule_replacements')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.rule_id)
        .execute();
      return { success: true as const };
    }),

    implement(api.replacements.preview, async ({ params, space, lang }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      const row = await rule(space.spaceId, version.schedule_id, params.rule_id);
      const r = toRule(row);
      const from = r.from.trim();
      const matches: { id: string; code: string; name: string; from: string; to: string }[] = [];
      let problems: ReplacementProblem[] = [];
      if (r.field === 'resource') {
        const found = await db
          .selectFrom('version_resources')
          .select(['id', 'name'])
          .where('space_id', '=', space.spaceId)
          .where('version_id', '=', version.id)
          .execute();
        for (const x of found)
          if (x.name.trim() === from)
            matches.push({ id: x.id, code: '', name: x.name, from: x.name, to: r.to });
      } else {
        const items = await db
          .selectFrom('wbs_items')
          .leftJoin('calendars', (j) =>
            j
              .onRef('calendars.space_id', '=', 'wbs_items.space_id')
              .onRef('calendars.id', '=', 'wbs_items.calendar_id'),
          )
          .select([
            'wbs_items.id',
            'wbs_items.code',
            'wbs_items.name',
            'wbs_items.order_key',
            'calendars.name as calendar',
          ])
          .where('wbs_items.space_id', '=', space.spaceId)
          .where('wbs_items.version_id', '=', version.id)
          .orderBy('wbs_items.order_key')
          .execute();
        const value = (x: (typeof items)[number]) => (r.field === 'code' ? x.code : (x.calendar ?? ''));
        for (const x of items)
          if (value(x).trim() === from)
            matches.push({ id: x.id, code: x.code, name: x.name, from: value(x), to: r.to });
        if (r.field === 'code')
          problems = codeCollisions(
            items.map((x) => x.code),
            [r],
          );
      }
      return {
        rule: toApi(row),
        matches,
        problems: problems.map((p) => ({
          code: p.code,
          params: p.params,
          error_message: translate(lang, p.code, p.params),
        })),
      };
    }),
  ];
};
