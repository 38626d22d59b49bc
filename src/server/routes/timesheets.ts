// Timesheets (spec §7 timesheet create, update, delete, update day; versions/{id}/timesheet/users;
// users/timesheet-notification): a person's hours and facts per work and day over a period,
// submitted by its owner, then APPROVED or DECLINED by a planner. Approval adds the facts to the
// works' fact values as one undo_wdp action of the version.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import { allows, effectiveMatrix } from '../../domain/admin/permissions';
import type { z } from 'zod';
import type { Timesheet, TimesheetReport, TimesheetReportQuery } from '../../api/wdp';
import { formatCsv } from '../../domain/io/csv/parse';
import { packageXlsx } from '../../domain/io/xlsx/ooxml';
import { cellsChange, fromUnits, rowRates, timesheetReport, toUnits } from '../../domain/wdp';
import type { WdpCell } from '../../domain/wdp';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { HttpError, conflict, forbidden, notFound } from '../errors';
import { notify } from '../services/notices';
import { rowResources } from '../services/wdp-resources';
import type { WdpRowResources } from '../../api/wdp';
import { Binary, implement } from '../http/register';
import { translate } from '../i18n/messages';
import type { ServerLang } from '../i18n/messages';
import type { Implemented } from '../http/register';
import type { SpaceAccess } from '../auth/space-access';
import { loadDays, storeWdpChange } from '../services/wdp-store';
import { getVersion } from './versions';

/** Deciding others' timesheets (and seeing all of them) is the facts module's approve ability. */
const canDecide = (space: SpaceAccess) => allows(space.permissions, 'facts', 'approve');
const nameOf = (u: { first_name: string; last_name: string; login: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.login;

async function readSheets(
  db: Kysely<DB>,
  spaceId: string,
  where: { id?: string; versionId?: string; userId?: string; status?: string },
): Promise<Timesheet[]> {
  let q = db
    .selectFrom('timesheets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.version_id',
      't.user_id',
      't.first_day',
      't.last_day',
      't.status',
      't.decided_by',
      't.comment',
      'u.first_name',
      'u.last_name',
      'u.login',
    ])
    .where('t.space_id', '=', spaceId);
  if (where.id) q = q.where('t.id', '=', where.id);
  if (where.versionId) q = q.where('t.version_id', '=', where.versionId);
  if (where.userId) q = q.where('t.user_id', '=', where.userId);
  if (where.status) q = q.where('t.status', '=', where.status as Timesheet['status']);
  const sheets = await q.orderBy('t.first_day', 'desc').orderBy('t.created_at').limit(500).execute();
  if (sheets.length === 0) return [];
  const days = await db
    .selectFrom('timesheet_days')
    .select(['timesheet_id', 'item_id', 'day', 'hours', 'fact'])
    .where('space_id', '=', spaceId)
    .where(
      'timesheet_id',
      'in',
      sheets.map((s) => s.id),
    )
    .orderBy('day')
    .execute();
  return sheets.map((s) => ({
    id: s.id,
    version_id: s.version_id,
    user_id: s.user_id,
    user_name: nameOf(s),
    first_day: s.first_day,
    last_day: s.last_day,
    status: s.status,
    decided_by: s.decided_by,
    comment: s.comment,
    days: days
      .filter((d) => d.timesheet_id === s.id)
      .map((d) => ({ item_id: d.item_id, day: d.day, hours: d.hours, fact: d.fact })),
  }));
}

type ReportQuery = z.output<typeof TimesheetReportQuery>;

/**
 * The timesheet report of a space over [from, to]: the day lines of its sheets (of a version, a
 * person, a status when asked; only `onlyUser`'s for a caller who does not decide timesheets),
 * grouped by person and work (domain/wdp/timesheet-report.ts), with the works' codes and costs.
 */
async function buildReport(
  db: Kysely<DB>,
  spaceId: string,
  q: ReportQuery,
  onlyUser: string | null,
): Promise<TimesheetReport> {
  if (q.to < q.from || q.to - q.from > 366)
    throw new HttpError(400, 'BadRequest', [{ code: 'timesheet.bad_period', params: { field: 'query.to' } }]);
  if (onlyUser && q.user_id && q.user_id !== onlyUser) throw forbidden();
  const user = onlyUser ?? q.user_id;
  let lq = db
    .selectFrom('timesheet_days as d')
    .innerJoin('timesheets as t', (j) =>
      j.onRef('t.space_id', '=', 'd.space_id').onRef('t.id', '=', 'd.timesheet_id'),
    )
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('wbs_items as w', (j) =>
      j
        .onRef('w.space_id', '=', 'd.space_id')
        .onRef('w.version_id', '=', 'd.version_id')
        .onRef('w.id', '=', 'd.item_id'),
    )
    .innerJoin('versions as v', (j) =>
      j.onRef('v.space_id', '=', 'd.space_id').onRef('v.id', '=', 'd.version_id'),
    )
    .leftJoin('eps_nodes as e', (j) =>
      j.onRef('e.space_id', '=', 'v.space_id').onRef('e.id', '=', 'v.schedule_id'),
    )
    .leftJoin('wdp_rows as r', (j) =>
      j
        .onRef('r.space_id', '=', 'w.space_id')
        .onRef('r.version_id', '=', 'w.version_id')
        .onRef('r.item_id', '=', 'w.id'),
    )
    .select([
      't.user_id',
      'd.version_id',
      'd.item_id',
      'd.day',
      'd.hours',
      'd.fact',
      'u.first_name',
      'u.last_name',
      'u.login',
      'v.label',
      'e.name as schedule_name',
      'w.code',
      'w.name',
      'w.volume',
      'w.price',
      'r.unit',
    ])
    .where('d.space_id', '=', spaceId)
    .where('d.day', '>=', q.from)
    .where('d.day', '<=', q.to);
  if (q.version_id) lq = lq.where('d.version_id', '=', q.version_id);
  if (user) lq = lq.where('t.user_id', '=', user);
  if (q.status) lq = lq.where('t.status', '=', q.status);
  const rows = await lq
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.login')
    .orderBy('t.user_id')
    .orderBy('e.name')
    .orderBy('d.version_id')
    .orderBy('w.order_key')
    .orderBy('d.day')
    .limit(200_000)
    .execute();
  const versions = [...new Set(rows.map((r) => r.version_id))];
  const resources = new Map<string, WdpRowResources>();
  for (const versionId of versions)
    for (const r of await rowResources(db, { spaceId, versionId }))
      resources.set(`${versionId}|${r.item_id}`, r);
  const work = new Map(rows.map((r) => [`${r.version_id}|${r.item_id}`, r]));
  const person = new Map(rows.map((r) => [r.user_id, nameOf(r)]));
  const report = timesheetReport(rows, q.from, q.to, (v, id) => {
    const w = work.get(`${v}|${id}`);
    return w ? rowRates(w, resources.get(`${v}|${id}`)) : undefined;
  });
  return {
    from: q.from,
    to: q.to,
    lines: report.lines.map((l) => {
      const w = work.get(`${l.version_id}|${l.item_id}`)!;
      return {
        ...l,
        user_name: person.get(l.user_id) ?? '',
        version_label: w.label,
        schedule_name: w.schedule_name ?? '',
        code: w.code,
        name: w.name,
        unit: w.unit ?? '',
      };
    }),
    people: report.people.map((p) => ({ ...p, user_name: person.get(p.user_id) ?? '' })),
  };
}

/** The report as a table: a header, then one line per person and work with its days' facts. */
function reportTable(
  r: TimesheetReport,
  lang: ServerLang,
): { headers: string[]; rows: (string | number | null)[][] } {
  const days = Array.from({ length: r.to - r.from + 1 }, (_, i) => r.from + i);
  const iso = (d: number) => new Date((d + 10_957) * 86_400_000).toISOString().slice(0, 10);
  const h = (k: string) => translate(lang, `timesheet.col_${k}`);
  return {
    headers: [
      h('person'),
      h('schedule'),
      h('code'),
      h('work'),
      h('unit'),
      h('hours'),
      h('fact'),
      h('cost'),
      ...days.map(iso),
    ],
    rows: r.lines.map((l) => {
      const byDay = new Map(l.days.map((d) => [d.day, d.fact]));
      return [
        l.user_name,
        `${l.schedule_name} — ${l.version_label}`,
        l.code,
        l.name,
        l.unit,
        l.hours,
        l.fact,
        l.cost,
        ...days.map((d) => byDay.get(d) ?? null),
      ];
    }),
  };
}

export function timesheetRoutes(ctx: AppContext): Implemented[] {
  const { db, events } = ctx;
  /**
   * Notices of a timesheet (issue 26): submitted → the members who decide timesheets
   * (task_need_accept_daily_data); approved → its author (assignment_accepted); declined → its
   * author (task_need_actual_by_timesheet).
   */
  const timesheetNotices = async (
    spaceId: string,
    t: { id: string; version_id: string; user_id: string },
    status: 'submitted' | 'APPROVED' | 'DECLINED',
    actorId: string,
  ) => {
    const link = { timesheet_id: t.id, version_id: t.version_id };
    if (status !== 'submitted')
      return notify(ctx, [
        {
          spaceId,
          userId: t.user_id,
          type: status === 'APPROVED' ? 'assignment_accepted' : 'task_need_actual_by_timesheet',
          actorId,
          link,
        },
      ]);
    const members = await db
      .selectFrom('space_members as m')
      .innerJoin('roles as r', (j) =>
        j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'),
      )
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'r.value', 'r.permissions'])
      .where('m.space_id', '=', spaceId)
      .execute();
    const author = await db
      .selectFrom('users')
      .select('login')
      .where('id', '=', t.user_id)
      .executeTakeFirst();
    return notify(
      ctx,
      members
        .filter((m) => allows(effectiveMatrix(m.value, m.permissions), 'facts', 'approve'))
        .map((m) => ({
          spaceId,
          userId: m.user_id,
          type: 'task_need_accept_daily_data' as const,
          actorId,
          params: { user: author?.login ?? '' },
          link,
        })),
    );
  };
  const one = async (spaceId: string, id: string) => {
    const [t] = await readSheets(db, spaceId, { id });
    if (!t) throw notFound('timesheet');
    return t;
  };
  return [
    implement(api.wdp.timesheets, async ({ params, query, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      const all = canDecide(space) && query.mine !== 'true';
      const items = await readSheets(db, space.spaceId, {
        versionId: params.id,
        ...(all ? {} : { userId }),
        ...(query.status ? { status: query.status } : {}),
      });
      const works = await db
        .selectFrom('wbs_items as w')
        .leftJoin('wdp_rows as r', (j) =>
          j
            .onRef('r.space_id', '=', 'w.space_id')
            .onRef('r.version_id', '=', 'w.version_id')
            .onRef('r.item_id', '=', 'w.id'),
        )
        .leftJoin('wbs_people as p', (j) =>
          j
            .onRef('p.space_id', '=', 'w.space_id')
            .onRef('p.version_id', '=', 'w.version_id')
            .onRef('p.wbs_id', '=', 'w.id'),
        )
        .select([
          'w.id',
          'w.code',
          'w.name',
          'w.volume',
          'w.price',
          'w.es',
          'w.ef',
          'r.unit',
          'p.executor_id',
        ])
        .where('w.space_id', '=', space.spaceId)
        .where('w.version_id', '=', params.id)
        .where('w.node_type', 'in', ['work', 'task'])
        .orderBy('w.order_key')
        .limit(2000)
        .execute();
      const resources = new Map(
        (await rowResources(db, { spaceId: space.spaceId, versionId: params.id })).map((r) => [r.item_id, r]),
      );
      return {
        items,
        works: works.map((w) => ({
          item_id: w.id,
          code: w.code,
          name: w.name,
          unit: w.unit ?? '',
          volume: w.volume,
          start: w.es,
          finish: w.ef,
          ...rowRates(w, resources.get(w.id)),
          executor_id: w.executor_id,
        })),
      };
    }),

    implement(api.wdp.createTimesheet, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      if (body.last_day < body.first_day || body.last_day - body.first_day > 61)
        throw new HttpError(400, 'BadRequest', [
          { code: 'timesheet.bad_period', params: { field: 'body.last_day' } },
        ]);
      const r = await db
        .insertInto('timesheets')
        .values({
          space_id: space.spaceId,
          version_id: params.id,
          user_id: userId,
          first_day: body.first_day,
          last_day: body.last_day,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return one(space.spaceId, r.id);
    }),

    implement(api.wdp.updateTimesheetDay, async ({ params, body, space, userId }) => {
      const t = await one(space.spaceId, params.id);
      if (t.user_id !== userId) throw forbidden();
      if (t.status === 'submitted' || t.status === 'APPROVED')
        throw conflict('timesheet.not_editable', { status: t.status });
      const outside = body.days.filter((d) => d.day < t.first_day || d.day > t.last_day);
      if (outside.length)
        throw new HttpError(
          400,
          'BadRequest',
          outside.slice(0, 20).map((d) => ({ code: 'timesheet.day_outside', params: { day: d.day } })),
        );
      const ids = [...new Set(body.days.map((d) => d.item_id))];
      const found = await db
        .selectFrom('wbs_items')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', t.version_id)
        .where('id', 'in', ids)
        .execute();
      if (found.length !== ids.length) throw new HttpError(400, 'BadRequest', [{ code: 'wdp.unknown_item' }]);
      // A sheet reports on the works assigned to its owner (their executor), and on any it already holds.
      const assigned = new Set([
        ...t.days.map((d) => d.item_id),
        ...(
          await db
            .selectFrom('wbs_people')
            .select('wbs_id')
            .where('space_id', '=', space.spaceId)
            .where('version_id', '=', t.version_id)
            .where('executor_id', '=', t.user_id)
            .where('wbs_id', 'in', ids)
            .execute()
        ).map((r) => r.wbs_id),
      ]);
      const stray = ids.filter((id) => !assigned.has(id));
      if (stray.length)
        throw new HttpError(
          400,
          'BadRequest',
          stray.slice(0, 20).map((id) => ({ code: 'timesheet.not_assigned', params: { item_id: id } })),
        );
      await db.transaction().execute(async (tx) => {
        for (const d of body.days) {
          if (d.hours === null && d.fact === null) {
            await tx
              .deleteFrom('timesheet_days')
              .where('space_id', '=', space.spaceId)
              .where('timesheet_id', '=', t.id)
              .where('item_id', '=', d.item_id)
              .where('day', '=', d.day)
              .execute();
            continue;
          }
          await tx
            .insertInto('timesheet_days')
            .values({ space_id: space.spaceId, timesheet_id: t.id, version_id: t.version_id, ...d })
            .onConflict((oc) =>
              oc
                .columns(['space_id', 'timesheet_id', 'item_id', 'day'])
                .doUpdateSet({ hours: d.hours, fact: d.fact }),
            )
            .execute();
        }
        // A declined sheet edited again is a draft until it is submitted anew.
        if (t.status === 'DECLINED')
          await tx
            .updateTable('timesheets')
            .set({ status: 'draft', updated_at: new Date() })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', t.id)
            .execute();
      });
      return one(space.spaceId, t.id);
    }),

    implement(api.wdp.updateTimesheet, async ({ params, body, space, userId }) => {
      const t = await one(space.spaceId, params.id);
      const set = (status: Timesheet['status'], decidedBy: string | null) =>
        db
          .updateTable('timesheets')
          .set({ status, decided_by: decidedBy, comment: body.comment ?? t.comment, updated_at: new Date() })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', t.id)
          .execute();
      if (body.status === 'submitted' || body.status === 'draft') {
        if (t.user_id !== userId) throw forbidden();
        if (t.status === 'APPROVED') throw conflict('timesheet.not_editable', { status: t.status });
        await set(body.status, null);
        if (body.status === 'submitted') await timesheetNotices(space.spaceId, t, 'submitted', userId);
        return one(space.spaceId, t.id);
      }
      // APPROVED or DECLINED: the planner's decision on a submitted sheet.
      if (!canDecide(space)) throw forbidden();
      if (t.status !== 'submitted') throw conflict('timesheet.not_submitted', { status: t.status });
      if (body.status === 'DECLINED') {
        await set('DECLINED', userId);
        await timesheetNotices(space.spaceId, t, 'DECLINED', userId);
        return one(space.spaceId, t.id);
      }
      const facts = t.days.filter((d) => d.fact !== null && d.fact !== 0);
      if (facts.length > 0) {
        const s = { spaceId: space.spaceId, versionId: t.version_id, userId };
        await storeWdpChange(db, events, s, 'wdp.timesheet_approved', async () => {
          const days = await loadDays(db, s, [...new Set(facts.map((f) => f.item_id))]);
          const next = new Map<string, [string, number, WdpCell]>();
          for (const f of facts) {
            const key = `${f.item_id}|${f.day}`;
            const cur = next.get(key)?.[2] ??
              days.get(f.item_id)?.get(f.day) ?? {
                plan: null,
                fact: null,
                approved_plan: null,
                status: 'open' as const,
              };
            next.set(key, [
              f.item_id,
              f.day,
              { ...cur, fact: fromUnits(toUnits(cur.fact ?? 0) + toUnits(f.fact!)) },
            ]);
          }
          return cellsChange((id) => days.get(id), next.values());
        });
      }
      await set('APPROVED', userId);
      await timesheetNotices(space.spaceId, t, 'APPROVED', userId);
      return one(space.spaceId, t.id);
    }),

    implement(api.wdp.deleteTimesheet, async ({ params, space, userId }) => {
      const t = await one(space.spaceId, params.id);
      if (t.user_id !== userId && !canDecide(space)) throw forbidden();
      if (t.status === 'APPROVED') throw conflict('timesheet.not_editable', { status: t.status });
      await db
        .deleteFrom('timesheets')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', t.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.wdp.timesheetUsers, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const rows = await db
        .selectFrom('timesheets as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.user_id', 't.status', 'u.first_name', 'u.last_name', 'u.login'])
        .where('t.space_id', '=', space.spaceId)
        .where('t.version_id', '=', params.id)
        .execute();
      const by = new Map<
        string,
        {
          user_id: string;
          name: string;
          works: number;
          submitted: number;
          approved: number;
          declined: number;
          draft: number;
        }
      >();
      for (const r of rows) {
        let u = by.get(r.user_id);
        if (!u)
          by.set(
            r.user_id,
            (u = {
              user_id: r.user_id,
              name: nameOf(r),
              works: 0,
              submitted: 0,
              approved: 0,
              declined: 0,
              draft: 0,
            }),
          );
        const k = r.status === 'APPROVED' ? 'approved' : r.status === 'DECLINED' ? 'declined' : r.status;
        u[k] += 1;
      }
      // The executors of the version's works gather their facts, with or without a sheet yet.
      const assigned = await db
        .selectFrom('wbs_people as p')
        .innerJoin('users as u', 'u.id', 'p.executor_id')
        .select(['p.executor_id as user_id', 'u.first_name', 'u.last_name', 'u.login'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.space_id', '=', space.spaceId)
        .where('p.version_id', '=', params.id)
        .groupBy(['p.executor_id', 'u.first_name', 'u.last_name', 'u.login'])
        .execute();
      for (const a of assigned) {
        const id = a.user_id!;
        let u = by.get(id);
        if (!u)
          by.set(
            id,
            (u = {
              user_id: id,
              name: nameOf(a),
              works: 0,
              submitted: 0,
              approved: 0,
              declined: 0,
              draft: 0,
            }),
          );
        u.works = Number(a.n);
      }
      return { items: [...by.values()].sort((a, b) => a.name.localeCompare(b.name)) };
    }),

    implement(api.wdp.timesheetReport, async ({ params, query, space, userId }) =>
      buildReport(db, params.space_id, query, canDecide(space) ? null : userId),
    ),

    implement(api.wdp.exportTimesheetReport, async ({ params, query, space, userId, lang }) => {
      const report = await buildReport(db, params.space_id, query, canDecide(space) ? null : userId);
      const { headers, rows } = reportTable(report, lang);
      if (query.format === 'csv') {
        const text = formatCsv([headers, ...rows.map((r) => r.map((c) => (c === null ? '' : String(c))))]);
        return new Binary(Buffer.from('\uFEFF' + text, 'utf8'), 'text/csv; charset=utf-8');
      }
      const bytes = packageXlsx([
        {
          name: translate(lang, 'timesheet.report'),
          headers,
          widths: headers.map((_, i) => (i === 3 ? 40 : i < 6 ? 18 : 11)),
          formats: headers.map(() => undefined),
          rows,
        },
      ]);
      return new Binary(
        Buffer.from(bytes),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    }),

    implement(api.wdp.timesheetNotification, async ({ userId }) => {
      const roles = await db
        .selectFrom('space_members as m')
        .innerJoin('roles as r', (j) =>
          j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'),
        )
        .select(['m.space_id', 'r.value', 'r.permissions'])
        .where('m.user_id', '=', userId)
        .execute();
      const deciding = roles
        .filter((r) => allows(effectiveMatrix(r.value, r.permissions), 'facts', 'approve'))
        .map((r) => r.space_id);
      const toDecide = deciding.length
        ? await db
            .selectFrom('timesheets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('space_id', 'in', deciding)
            .where('status', '=', 'submitted')
            .executeTakeFirst()
        : { n: 0 };
      const declined = await db
        .selectFrom('timesheets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 'DECLINED')
        .executeTakeFirst();
      return { to_decide: Number(toDecide?.n ?? 0), declined: Number(declined?.n ?? 0) };
    }),
  ];
}
