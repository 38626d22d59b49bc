// Compare two versions of a schedule (each scheduled by the engine first, as Calculate does), copy
// a version into a schedule, and set a schedule's target version (docs/versions.md).
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { CompareBody, CompareResult } from '../../api/version-compare';
import { compareVersions } from '../../domain/versions/compare';
import type { CompareActivity, CompareSide } from '../../domain/versions/compare';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { badRequest } from '../errors';
import { comparisonXlsx, XLSX_MIME } from '../export/compare-xlsx';
import { Binary, implement } from '../http/register';
import { loadVersionModel } from '../import/to-model';
import { withoutDrafts } from '../jobs/calc-job';
import { scheduleInWorker } from '../jobs/pool';
import { copyContent } from '../services/content';
import { getNode, insertVersion } from '../services/eps';
import { toVersion } from '../services/mappers';
import { getVersion } from './versions';

/** A version as compared: its rows (stored codes, not outline numbers) with the engine's dates. */
async function compareSide(db: Kysely<DB>, spaceId: string, versionId: string): Promise<CompareSide> {
  const [{ model }, codes] = await Promise.all([
    loadVersionModel(db, spaceId, versionId),
    db
      .selectFrom('wbs_items')
      .select(['id', 'code'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .execute(),
  ]);
  const code = new Map(codes.map((c) => [c.id, c.code]));
  const scheduled = withoutDrafts(model).model;
  const result = scheduled.activities.length ? await scheduleInWorker(scheduled) : null;
  const at = new Map((result?.ids ?? []).map((id, i) => [id, i]));
  const activities: CompareActivity[] = model.activities.map((a) => {
    const i = at.get(a.id);
    const ok = result !== null && i !== undefined && result.es[i]! >= 0;
    return {
      id: a.id,
      code: code.get(a.id) ?? '',
      name: a.name,
      parentId: a.parentId,
      nodeType: a.nodeType,
      duration: a.duration,
      percent: a.percentComplete,
      calendarId: a.calendarId,
      constraint: a.constraints.map((c) => `${c.on} ${c.type} ${c.date}`).join(', '),
      start: ok ? result.es[i]! : null,
      finish: ok ? result.ef[i]! : null,
      totalFloat: ok ? result.tf[i]! : null,
      critical: ok ? result.critical[i] === 1 : false,
    };
  });
  return {
    activities,
    relations: model.relations.map((r) => ({ predId: r.predId, succId: r.succId, type: r.type, lag: r.lag })),
  };
}

const sideRow = (a: CompareActivity | null) =>
  a && {
    id: a.id,
    code: a.code,
    name: a.name,
    node_type: a.nodeType,
    duration: a.duration,
    percent: a.percent,
    calendar_id: a.calendarId,
    constraint: a.constraint,
    start: a.start,
    finish: a.finish,
    total_float: a.totalFloat,
    critical: a.critical,
  };

export const versionCompareRoutes = ({ db, events }: AppContext) => {
  const changed = (spaceId: string, ids: string[]) =>
    events.publish({ event: 'eps_updated', space_id: spaceId, ids, payload: {} });

  /** Both versions scheduled by the engine, then compared (the compare call's answer). */
  const compare = async (spaceId: string, scheduleId: string, body: CompareBody): Promise<CompareResult> => {
    await getNode(db, spaceId, scheduleId, 'schedule');
    if (body.base_version_id === body.version_id) throw badRequest('versions.same_version');
    const [base, version] = await Promise.all([
      getVersion(db, spaceId, body.base_version_id),
      getVersion(db, spaceId, body.version_id),
    ]);
    for (const v of [base, version])
      if (v.schedule_id !== scheduleId) throw badRequest('versions.other_schedule', { version: v.label });
    const t0 = performance.now();
    const [a, b] = await Promise.all([
      compareSide(db, spaceId, base.id),
      compareSide(db, spaceId, version.id),
    ]);
    const c = compareVersions(a, b, body.slip_days);
    const s = c.summary;
    const out: CompareResult = {
      base: toVersion(base),
      version: toVersion(version),
      rows: c.rows.map((r) => ({
        status: r.status,
        base: sideRow(r.base),
        current: sideRow(r.current),
        changed: [...r.changed],
        start_slip_days: r.startSlipDays,
        finish_slip_days: r.finishSlipDays,
        matched_by: r.matchedBy,
      })),
      relations: c.relations.map((r) => ({
        status: r.status,
        pred_code: r.predCode,
        succ_code: r.succCode,
        type: r.type,
        lag: r.lag,
        ...(r.baseType !== undefined ? { base_type: r.baseType } : {}),
        ...(r.baseLag !== undefined ? { base_lag: r.baseLag } : {}),
      })),
      summary: {
        added: s.added,
        removed: s.removed,
        changed: s.changed,
        same: s.same,
        base_finish: s.baseFinish,
        current_finish: s.currentFinish,
        finish_moved_days: s.finishMovedDays,
        critical_changed: s.criticalChanged,
        slipped: s.slipped,
        slip_days: s.slipDays,
        relations_added: s.relationsAdded,
        relations_removed: s.relationsRemoved,
        relations_changed: s.relationsChanged,
      },
      ms: Math.round(performance.now() - t0),
    };
    return out;
  };

  return [
    implement(api.versionCompare.compare, ({ params, body, space }) =>
      compare(space.spaceId, params.id, body),
    ),

    implement(api.versionCompare.exportComparison, async ({ params, body, space, lang, reply }) => {
      const result = await compare(space.spaceId, params.id, body);
      const bytes = await comparisonXlsx(result, lang);
      const name = `${result.base.label} - ${result.version.label}`.replace(/[^\p{L}\p{N} ._-]/gu, '_');
      reply.header(
        'content-disposition',
        `attachment; filename="comparison.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`,
      );
      return new Binary(Buffer.from(bytes), XLSX_MIME);
    }),

    implement(api.versionCompare.copyTo, async ({ params, body, space, lang }) => {
      const source = await getVersion(db, space.spaceId, params.id);
      await getNode(db, space.spaceId, params.scheduleId, 'schedule');
      const label = body.label ?? `${source.label}`.slice(0, 26) + (lang === 'ru' ? ' копия' : ' copy');
      const v = await db.transaction().execute(async (tx) => {
        const created = await insertVersion(tx, space.spaceId, params.scheduleId, label.trim(), 'version');
        await copyContent(tx, space.spaceId, source.id, created.id);
        return tx
          .updateTable('versions')
          .set({ data_date: source.data_date, timetable_state: source.timetable_state })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', created.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      changed(space.spaceId, [v.id, params.scheduleId]);
      return toVersion(v);
    }),

    implement(api.versionCompare.targetDates, async ({ params, body, space, lang }) => {
      const self = await getVersion(db, space.spaceId, params.id);
      const chosen = body.target_version_id
        ? await getVersion(db, space.spaceId, body.target_version_id)
        : null;
      if (chosen && chosen.schedule_id !== self.schedule_id)
        throw badRequest('versions.other_schedule', { version: chosen.label });
      if (chosen && chosen.kind === 'actual') throw badRequest('versions.actual_target');
      const v = await db.transaction().execute(async (tx) => {
        let targetId: string;
        if (chosen) targetId = chosen.id;
        else {
          // This version's dates become the target: a copy of it, of kind target.
          const label =
            body.label ?? `${self.label}`.slice(0, 24) + (lang === 'ru' ? ' (цель)' : ' (target)');
          const created = await insertVersion(tx, space.spaceId, self.schedule_id, label.trim(), 'target');
          await copyContent(tx, space.spaceId, self.id, created.id);
          await tx
            .updateTable('versions')
            .set({ data_date: self.data_date, timetable_state: self.timetable_state })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', created.id)
            .execute();
          targetId = created.id;
        }
        // One target per schedule: the previous target goes back to being a version.
        await tx
          .updateTable('versions')
          .set({ kind: 'version' })
          .where('space_id', '=', space.spaceId)
          .where('schedule_id', '=', self.schedule_id)
          .where('kind', '=', 'target')
          .where('id', '!=', targetId)
          .execute();
        return tx
          .updateTable('versions')
          .set({ kind: 'target' })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', targetId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      changed(space.spaceId, [v.id]);
      return toVersion(v);
    }),
  ];
};
