// Daily work plans of a version (spec §7 wdp calls; issue 18): read the days, set values, distribute,
// upload, approve days, clear; every change is one undo_wdp action (services/wdp-store.ts).
import { loadExcelJS } from '../../domain/io/xlsx/exceljs';
import { api } from '../../api';
import type { WdpDay } from '../../api/wdp';
import { calendarDefOf } from '../../api/calendars';
import { buildCalendarIndex, standardCalendarDef } from '../../domain/calendar';
import { parseCsv } from '../../domain/io/csv/parse';
import type { Cell } from '../../domain/io/csv/cells';
import { defaultCalendarOf } from '../../domain/schedule';
import {
  cellsChange,
  distributePlan,
  editsChange,
  percentFromFacts,
  readDayTable,
  rowChange,
  rowTotals,
  withPlan,
} from '../../domain/wdp';
import type { WdpCell } from '../../domain/wdp';
import type { AppContext } from '../context';
import { HttpError, forbidden } from '../errors';
import type { Item } from '../errors';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import { allows } from '../../domain/admin/permissions';
import { MAX_UPLOAD_BYTES } from '../storage/files';
import { readUpload } from '../storage/multipart';
import { applyBatch } from '../services/wbs-patch-batch';
import { editPeriods } from '../services/wdp-periods';
import { loadDays, storeWdpChange } from '../services/wdp-store';
import { distributionRoutes } from './distributions';
import { timesheetRoutes } from './timesheets';
import { wdpOpsRoutes } from './wdp-ops';
import { rowResources } from '../services/wdp-resources';
import { getVersion } from './versions';

const bad = (items: Item[]) => new HttpError(400, 'BadRequest', items);

/** Table rows of an upload: the first sheet of an XLSX (a zip), else CSV text. */
async function tableOf(data: Buffer): Promise<Cell[][]> {
  if (data[0] === 0x50 && data[1] === 0x4b) {
    const wb = new (await loadExcelJS()).Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const out: Cell[][] = [];
    ws?.eachRow({ includeEmpty: true }, (row, n) => {
      const values = (row.values as unknown[]).slice(1);
      out[n - 1] = values.map((v) => {
        if (v && typeof v === 'object' && !(v instanceof Date))
          return 'result' in v
            ? ((v as { result: Cell }).result ?? null)
            : String((v as { text?: string }).text ?? '');
        return v as Cell;
      });
    });
    return Array.from(out, (r) => r ?? []);
  }
  return parseCsv(data.toString('utf8').replace(/^\uFEFF/, '')).rows;
}

export function wdpRoutes(ctx: AppContext): Implemented[] {
  const { db, events } = ctx;
  const scope = (space: { spaceId: string }, versionId: string, userId: string) => ({
    spaceId: space.spaceId,
    versionId,
    userId,
  });
  /** The version's row ids among `ids` (another version's or space's ids are a 400). */
  const checkItems = async (spaceId: string, versionId: string, ids: readonly string[]) => {
    const unique = [...new Set(ids)];
    const found = await db
      .selectFrom('wbs_items')
      .select('id')
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('id', 'in', unique)
      .execute();
    if (found.length !== unique.length) {
      const have = new Set(found.map((r) => r.id));
      const missing = unique.filter((id) => !have.has(id)).slice(0, 20);
      throw bad(missing.map((id) => ({ code: 'wdp.unknown_item', params: { item_id: id } })));
    }
  };

  return [
    implement(api.wdp.gantt, async ({ params, query, space }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const s = { spaceId: space.spaceId, versionId: params.id };
      const [days, rows, periods, resources] = await Promise.all([
        loadDays(db, s, null, query.from, query.to),
        db
          .selectFrom('wdp_rows')
          .selectAll()
          .where('space_id', '=', s.spaceId)
          .where('version_id', '=', s.versionId)
          .execute(),
        editPeriods(db, space.spaceId, params.id),
        rowResources(db, s),
      ]);
      const out: WdpDay[] = [];
      for (const [item_id, m] of days) for (const [day, c] of m) out.push({ item_id, day, ...c });
      return {
        revision: v.revision,
        progress_from_facts: v.progress_from_facts,
        periods,
        rows: rows.map((r) => ({
          item_id: r.item_id,
          unit: r.unit,
          mode: r.mode,
          base: r.base,
          rate: r.rate,
        })),
        days: out,
        resources,
      };
    }),

    implement(api.wdp.updateMany, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      // Facts are the fact gatherer's; plans need the planner's edit ability.
      if (body.kind !== 'fact' && !allows(space.permissions, 'schedules', 'edit')) throw forbidden();
      await checkItems(
        space.spaceId,
        params.id,
        body.values.map((v) => v.item_id),
      );
      const s = scope(space, params.id, userId);
      return storeWdpChange(db, events, s, 'wdp.update', async () => {
        const days = await loadDays(db, s, [...new Set(body.values.map((v) => v.item_id))]);
        return editsChange(
          (id) => days.get(id),
          body.values.map((v) => ({ rowId: v.item_id, day: v.day, kind: body.kind, value: v.value })),
        );
      });
    }),

    implement(api.wdp.distribute, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      await checkItems(space.spaceId, params.id, body.item_ids);
      const s = scope(space, params.id, userId);
      const items = await db
        .selectFrom('wbs_items')
        .select(['id', 'code', 'es', 'ef', 'volume', 'calendar_id', 'node_type'])
        .where('space_id', '=', s.spaceId)
        .where('version_id', '=', s.versionId)
        .where('id', 'in', body.item_ids)
        .execute();
      const undated = items.filter((i) => i.es === null || i.ef === null || i.node_type === 'sum');
      if (undated.length)
        throw bad(
          undated
            .slice(0, 20)
            .map((i) => ({ code: 'wdp.no_dates', params: { item_id: i.id, code: i.code } })),
        );
      const defs = (
        await db.selectFrom('calendars').selectAll().where('space_id', '=', s.spaceId).execute()
      ).map(calendarDefOf);
      const fallback = defaultCalendarOf(defs) ?? standardCalendarDef();
      const indexes = new Map<string, ReturnType<typeof buildCalendarIndex>>();
      const calOf = (id: string | null) => {
        const def = defs.find((d) => d.id === id) ?? fallback;
        let c = indexes.get(def.id);
        if (!c) indexes.set(def.id, (c = buildCalendarIndex(def)));
        return c;
      };
      return storeWdpChange(db, events, s, 'wdp.distribute', async () => {
        const days = await loadDays(db, s, body.item_ids);
        const next: [string, number, WdpCell | undefined][] = [];
        for (const it of items) {
          const current = days.get(it.id) ?? new Map<number, WdpCell>();
          const plan = distributePlan({
            mode: body.mode,
            base: body.base,
            volume: it.volume ?? 0,
            cal: calOf(it.calendar_id),
            start: it.es!,
            finish: it.ef!,
            current,
            ...(body.rate ? { rate: body.rate } : {}),
            ...(body.data_day !== undefined ? { dataDay: body.data_day } : {}),
          });
          const after = withPlan(current, plan);
          for (const d of new Set([...current.keys(), ...after.keys()])) next.push([it.id, d, after.get(d)]);
        }
        return cellsChange((id) => days.get(id), next);
      });
    }),

    implement(api.wdp.upload, async ({ params, req, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      const upload = await readUpload(req, MAX_UPLOAD_BYTES, 'wdp.no_file');
      let table: Cell[][];
      try {
        table = await tableOf(upload.data);
      } catch {
        throw bad([{ code: 'wdp.bad_file', params: { file: upload.fileName } }]);
      }
      const codes = await db
        .selectFrom('wbs_items')
        .select(['id', 'code'])
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .where('code', '<>', '')
        .execute();
      const byCode = new Map(codes.map((c) => [c.code, c.id]));
      const { edits, skipped } = readDayTable(table, (code) => byCode.get(code));
      if (edits.length === 0) throw bad([{ code: 'wdp.empty_upload', params: { skipped: skipped.length } }]);
      const s = scope(space, params.id, userId);
      const out = await storeWdpChange(db, events, s, 'wdp.upload', async () => {
        const days = await loadDays(db, s, [...new Set(edits.map((e) => e.rowId))]);
        return editsChange((id) => days.get(id), edits);
      });
      return { ...out, cells: edits.length, skipped: skipped.slice(0, 100) };
    }),

    implement(api.wdp.toggleStatus, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      await checkItems(
        space.spaceId,
        params.id,
        body.cells.map((c) => c.item_id),
      );
      const s = scope(space, params.id, userId);
      return storeWdpChange(db, events, s, 'wdp.toggle_status', async () => {
        const days = await loadDays(db, s, [...new Set(body.cells.map((c) => c.item_id))]);
        return cellsChange(
          (id) => days.get(id),
          body.cells.map((c) => {
            const cur = days.get(c.item_id)?.get(c.day) ?? {
              plan: null,
              fact: null,
              approved_plan: null,
              status: 'open' as const,
            };
            // Approving a day makes its plan the approved plan; opening it again keeps that.
            const next: WdpCell =
              body.status === 'approved'
                ? { ...cur, status: 'approved', approved_plan: cur.plan ?? cur.approved_plan }
                : { ...cur, status: 'open' };
            return [c.item_id, c.day, next] as const;
          }),
        );
      });
    }),

    implement(api.wdp.clearValues, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      await checkItems(space.spaceId, params.id, body.item_ids);
      if (body.kinds.some((k) => k !== 'fact') && !allows(space.permissions, 'schedules', 'edit'))
        throw forbidden();
      const s = scope(space, params.id, userId);
      return storeWdpChange(db, events, s, 'wdp.clear_values', async () => {
        const days = await loadDays(db, s, body.item_ids, body.from, body.to);
        const next: [string, number, WdpCell][] = [];
        for (const [id, m] of days)
          for (const [day, c] of m) {
            const cleared = { ...c };
            for (const k of body.kinds) cleared[k] = null;
            next.push([id, day, cleared]);
          }
        return cellsChange((id) => days.get(id), next);
      });
    }),

    implement(api.wdp.clearWdp, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      await checkItems(space.spaceId, params.id, body.item_ids);
      const s = scope(space, params.id, userId);
      return storeWdpChange(db, events, s, 'wdp.clear', async () => {
        const days = await loadDays(db, s, body.item_ids);
        const patches = [];
        const inversePatches = [];
        for (const id of days.keys()) {
          const ch = rowChange((x) => days.get(x), id, new Map());
          patches.push(...ch.patches);
          inversePatches.unshift(...ch.inversePatches);
        }
        return { patches, inversePatches };
      });
    }),

    implement(api.wdp.saveRows, async ({ params, body, space }) => {
      await getVersion(db, space.spaceId, params.id);
      await checkItems(
        space.spaceId,
        params.id,
        body.rows.map((r) => r.item_id),
      );
      await db
        .insertInto('wdp_rows')
        .values(body.rows.map((r) => ({ space_id: space.spaceId, version_id: params.id, ...r })))
        .onConflict((oc) =>
          oc.columns(['space_id', 'version_id', 'item_id']).doUpdateSet((eb) => ({
            unit: eb.ref('excluded.unit'),
            mode: eb.ref('excluded.mode'),
            base: eb.ref('excluded.base'),
            rate: eb.ref('excluded.rate'),
          })),
        )
        .execute();
      return { success: true as const };
    }),

    implement(api.wdp.planAtDay, async ({ params, query, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const s = { spaceId: space.spaceId, versionId: params.id };
      const days = await loadDays(db, s, null, undefined, query.day);
      const ids = [...days.keys()];
      const vols = ids.length
        ? await db
            .selectFrom('wbs_items')
            .select(['id', 'volume'])
            .where('space_id', '=', s.spaceId)
            .where('version_id', '=', s.versionId)
            .where('id', 'in', ids)
            .execute()
        : [];
      const volume = new Map(vols.map((v) => [v.id, v.volume]));
      return {
        day: query.day,
        items: ids.map((id) => {
          const t = rowTotals(days.get(id)!);
          return { item_id: id, plan: t.plan, fact: t.fact, volume: volume.get(id) ?? null };
        }),
      };
    }),

    implement(api.wdp.checkEmptyWorks, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const works = await db
        .selectFrom('wbs_items as w')
        .select(['w.id', 'w.code', 'w.volume'])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('wdp_days as d')
                .select('d.day')
                .whereRef('d.space_id', '=', 'w.space_id')
                .whereRef('d.version_id', '=', 'w.version_id')
                .whereRef('d.item_id', '=', 'w.id')
                .where('d.plan', 'is not', null),
            )
            .as('planned'),
        )
        .where('w.space_id', '=', space.spaceId)
        .where('w.version_id', '=', params.id)
        .where('w.node_type', 'in', ['work', 'task'])
        .orderBy('w.order_key')
        .execute();
      return {
        no_volume: works
          .filter((w) => w.volume === null || w.volume === 0)
          .map((w) => ({ item_id: w.id, code: w.code })),
        no_plan: works
          .filter((w) => (w.volume ?? 0) !== 0 && !w.planned)
          .map((w) => ({ item_id: w.id, code: w.code })),
      };
    }),

    implement(api.wdp.estimatedData, async ({ params, body, space, userId }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      await db
        .updateTable('versions')
        .set({ progress_from_facts: body.progress_from_facts })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .execute();
      if (!body.progress_from_facts) return { revision: v.revision, updated: 0 };
      // Percent complete from facts on every row with a volume and facts: one undo_wbs action.
      const s = { spaceId: space.spaceId, versionId: params.id };
      const days = await loadDays(db, s, null);
      const ids = [...days.keys()];
      if (ids.length === 0) return { revision: v.revision, updated: 0 };
      const rows = await db
        .selectFrom('wbs_items')
        .select(['id', 'volume', 'percent'])
        .where('space_id', '=', s.spaceId)
        .where('version_id', '=', s.versionId)
        .where('id', 'in', ids)
        .execute();
      const patches = [];
      const inversePatches = [];
      for (const r of rows) {
        const p = percentFromFacts(r.volume, rowTotals(days.get(r.id)!).fact);
        if (p === null || p === r.percent) continue;
        patches.push({ op: 'replace' as const, path: ['rows', r.id, 'percentComplete'], value: p });
        inversePatches.push({
          op: 'replace' as const,
          path: ['rows', r.id, 'percentComplete'],
          value: r.percent,
        });
      }
      if (patches.length === 0) return { revision: v.revision, updated: 0 };
      const out = await applyBatch(db, { ...s, userId }, v.revision, 'do', {
        kind: 'undo_wbs',
        labelKey: 'wdp.progress_from_facts',
        patches,
        inversePatches,
      });
      events.publish({
        event: 'version_updated',
        space_id: space.spaceId,
        ids: [params.id],
        payload: { revision: out.revision, origin: 'do', action_id: out.action_id },
      });
      return { revision: out.revision, updated: patches.length };
    }),
    ...wdpOpsRoutes(ctx),
    ...distributionRoutes(ctx),
    ...timesheetRoutes(ctx),
  ];
}
