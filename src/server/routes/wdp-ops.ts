// The wdp calls that work on periods and days rather than single values (spec §7 "wdp: allocate
// plan/fact, transfer-value, report-edit"): allocate an amount of plan or fact over a period,
// move a value between days, and read and edit the day report (with labour and cost). Each
// change is one undo_wdp action (services/wdp-store.ts); a change of facts carries the rows' new
// percent complete when the version derives progress from facts.
import { api } from '../../api';
import type { CellEdit } from '../../domain/wdp';
import {
  allocate,
  dayReport,
  editsChange,
  measureOf,
  resourceLoads,
  rowRates,
  transferValue,
} from '../../domain/wdp';
import { resourceTypeOf } from '../../domain/schedule/resource-type';
import type { AppContext } from '../context';
import { HttpError, forbidden } from '../errors';
import type { Item } from '../errors';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import { allows } from '../../domain/admin/permissions';
import type { SpaceAccess } from '../auth/space-access';
import { loadDays, storeWdpChange } from '../services/wdp-store';
import { calendarsOf, progressChange, rowResources } from '../services/wdp-resources';
import { getVersion } from './versions';

const bad = (items: Item[]) => new HttpError(400, 'BadRequest', items);

export function wdpOpsRoutes(ctx: AppContext): Implemented[] {
  const { db, events } = ctx;
  /** The version's rows among `ids` (an unknown id is a 400, listed). */
  const rowsOf = async (spaceId: string, versionId: string, ids: readonly string[]) => {
    const unique = [...new Set(ids)];
    const found = await db
      .selectFrom('wbs_items')
      .select(['id', 'code', 'name', 'node_type', 'volume', 'price', 'calendar_id', 'order_key'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('id', 'in', unique)
      .execute();
    if (found.length !== unique.length) {
      const have = new Set(found.map((r) => r.id));
      throw bad(
        unique
          .filter((id) => !have.has(id))
          .slice(0, 20)
          .map((id) => ({ code: 'wdp.unknown_item', params: { item_id: id } })),
      );
    }
    const sums = found.filter((r) => r.node_type === 'sum');
    if (sums.length)
      throw bad(
        sums.slice(0, 20).map((r) => ({ code: 'wdp.summary_row', params: { item_id: r.id, code: r.code } })),
      );
    return found;
  };
  // Plans are schedule data: the facts module's routes change plans only for a schedule editor.
  const mayPlan = (space: SpaceAccess) => allows(space.permissions, 'schedules', 'edit');
  const scope = (spaceId: string, versionId: string, userId: string) => ({ spaceId, versionId, userId });

  /** Stores value edits of rows as one undo_wdp action (with progress from facts). */
  const storeEdits = async (
    s: ReturnType<typeof scope>,
    labelKey: string,
    edits: () => Promise<CellEdit[]>,
  ) =>
    storeWdpChange(db, events, s, labelKey, async () => {
      const list = await edits();
      const days = await loadDays(db, s, [...new Set(list.map((e) => e.rowId))]);
      const ch = editsChange((id) => days.get(id), list);
      return { ...ch, extra: await progressChange(db, s, days, ch) };
    });

  return [
    implement(api.wdp.allocate, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      if (body.kind === 'plan' && !mayPlan(space)) throw forbidden();
      const rows = await rowsOf(space.spaceId, params.id, body.item_ids);
      const calOf = await calendarsOf(db, space.spaceId);
      const s = scope(space.spaceId, params.id, userId);
      let count = 0;
      const out = await storeEdits(s, `wdp.allocate_${body.kind}`, async () => {
        const days = await loadDays(db, s, body.item_ids);
        const edits: CellEdit[] = [];
        const errors: Item[] = [];
        for (const r of rows) {
          const res = allocate({
            rowId: r.id,
            kind: body.kind,
            mode: body.mode,
            cal: calOf(r.calendar_id),
            from: body.from,
            to: body.to,
            amount: body.amount ?? null,
            volume: r.volume,
            current: days.get(r.id) ?? new Map(),
          });
          if (!res.ok) errors.push({ code: `wdp.${res.reason}`, params: { item_id: r.id, code: r.code } });
          else {
            edits.push(...res.edits);
            if (res.edits.length) count++;
          }
        }
        if (errors.length) throw bad(errors.slice(0, 50));
        return edits;
      });
      return { ...out, rows: count };
    }),

    implement(api.wdp.transferValue, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      if (body.kind !== 'fact' && !mayPlan(space)) throw forbidden();
      await rowsOf(space.spaceId, params.id, [body.item_id]);
      const s = scope(space.spaceId, params.id, userId);
      let moved = 0;
      const out = await storeEdits(s, 'wdp.transfer_value', async () => {
        const days = await loadDays(db, s, [body.item_id]);
        const res = transferValue({
          rowId: body.item_id,
          kind: body.kind,
          fromDay: body.from_day,
          toDay: body.to_day,
          amount: body.value ?? null,
          current: days.get(body.item_id) ?? new Map(),
        });
        if (!res.ok)
          throw bad([
            {
              code: res.reason === 'exceeds' ? 'wdp.transfer_exceeds' : `wdp.${res.reason}`,
              params: { item_id: body.item_id, day: body.from_day },
            },
          ]);
        moved = res.moved;
        return res.edits;
      });
      return { ...out, moved };
    }),

    implement(api.wdp.report, async ({ params, query, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const s = { spaceId: space.spaceId, versionId: params.id };
      const [days, items, units, resources] = await Promise.all([
        loadDays(db, s, null, undefined, query.day),
        db
          .selectFrom('wbs_items')
          .select(['id', 'code', 'name', 'volume', 'price'])
          .where('space_id', '=', s.spaceId)
          .where('version_id', '=', s.versionId)
          .where('node_type', '<>', 'sum')
          .orderBy('order_key')
          .execute(),
        db
          .selectFrom('wdp_rows')
          .select(['item_id', 'unit'])
          .where('space_id', '=', s.spaceId)
          .where('version_id', '=', s.versionId)
          .execute(),
        rowResources(db, s),
      ]);
      const byId = new Map(items.map((i) => [i.id, i]));
      const unitOf = new Map(units.map((u) => [u.item_id, u.unit]));
      const resOf = new Map(resources.map((r) => [r.item_id, r]));
      const lines = dayReport(
        days,
        query.day,
        items.map((i) => i.id),
      );
      return {
        day: query.day,
        rows: lines.map((l) => {
          const it = byId.get(l.item_id)!;
          const rates = rowRates(it, resOf.get(it.id));
          const value = l.fact ?? l.plan;
          return {
            ...l,
            code: it.code,
            name: it.name,
            unit: unitOf.get(it.id) ?? '',
            volume: it.volume,
            labour: measureOf(value, 'labour', rates),
            cost: measureOf(value, 'cost', rates),
          };
        }),
      };
    }),

    implement(api.wdp.resourceGantt, async ({ params, query, space }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const s = { spaceId: space.spaceId, versionId: params.id };
      const kind = query.kind ?? 'plan';
      const assigned = await db
        .selectFrom('version_assignments as a')
        .innerJoin('version_resources as vr', (j) =>
          j
            .onRef('vr.space_id', '=', 'a.space_id')
            .onRef('vr.version_id', '=', 'a.version_id')
            .onRef('vr.id', '=', 'a.resource_id'),
        )
        .innerJoin('wbs_items as w', (j) =>
          j
            .onRef('w.space_id', '=', 'a.space_id')
            .onRef('w.version_id', '=', 'a.version_id')
            .onRef('w.id', '=', 'a.wbs_id'),
        )
        .leftJoin('resources as r', (j) =>
          j.onRef('r.space_id', '=', 'vr.space_id').onRef('r.id', '=', 'vr.resource_id'),
        )
        .select([
          'a.wbs_id',
          'a.resource_id',
          'a.units',
          'vr.name as resource_name',
          'vr.kind as vr_kind',
          'r.resource_type as r_type',
          'r.unit as r_unit',
          'r.default_limit as r_default_limit',
          'r.limits as r_limits',
          'w.code',
          'w.name',
          'w.volume',
          'w.order_key',
        ])
        .where('a.space_id', '=', s.spaceId)
        .where('a.version_id', '=', s.versionId)
        .where('w.node_type', '<>', 'sum')
        .orderBy('vr.name')
        .orderBy('w.order_key')
        .execute();
      const days = await loadDays(db, s, [...new Set(assigned.map((a) => a.wbs_id))]);
      const rowOf = new Map(assigned.map((a) => [a.wbs_id, a]));
      const resOf = new Map(assigned.map((a) => [a.resource_id, a]));
      const loads = resourceLoads({
        assignments: assigned.map((a) => ({
          rowId: a.wbs_id,
          resourceId: a.resource_id,
          units: Number(a.units) || 0,
        })),
        volumeOf: (id) => rowOf.get(id)?.volume ?? null,
        daysOf: (id) => days.get(id),
        kind,
        ...(query.from !== undefined ? { from: query.from } : {}),
        ...(query.to !== undefined ? { to: query.to } : {}),
      });
      const list = (m: ReadonlyMap<number, number>) => [...m].map(([day, value]) => ({ day, value }));
      return {
        revision: v.revision,
        kind,
        resources: loads.map((l) => {
          const r = resOf.get(l.resourceId)!;
          return {
            resource_id: l.resourceId,
            name: r.resource_name,
            unit: r.r_unit ?? '',
            type: r.r_type ?? resourceTypeOf(r.vr_kind) ?? '',
            total: l.total,
            days: list(l.days),
            // The space resource's availability (the Resources module's limits): the limit line.
            limit:
              (r.r_default_limit ?? 0) > 0 || (r.r_limits ?? []).length > 0
                ? { default_limit: r.r_default_limit ?? 0, limits: r.r_limits ?? [] }
                : null,
            works: l.works.map((w) => {
              const it = rowOf.get(w.rowId)!;
              return {
                item_id: w.rowId,
                code: it.code ?? '',
                name: it.name,
                units: w.units,
                first_day: w.firstDay,
                last_day: w.lastDay,
                total: w.total,
                days: list(w.days),
              };
            }),
          };
        }),
      };
    }),

    implement(api.wdp.reportEdit, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      if (body.rows.some((r) => r.plan !== undefined) && !mayPlan(space)) throw forbidden();
      await rowsOf(
        space.spaceId,
        params.id,
        body.rows.map((r) => r.item_id),
      );
      const s = scope(space.spaceId, params.id, userId);
      return storeEdits(s, 'wdp.report_edit', async () => {
        const edits: CellEdit[] = [];
        for (const r of body.rows) {
          if (r.plan !== undefined)
            edits.push({ rowId: r.item_id, day: body.day, kind: 'plan', value: r.plan });
          if (r.fact !== undefined)
            edits.push({ rowId: r.item_id, day: body.day, kind: 'fact', value: r.fact });
        }
        return edits;
      });
    }),
  ];
}
