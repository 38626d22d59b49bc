// Compare two versions of a schedule (a calculated one by its stored dates, else scheduled first), copy
// a version into a schedule, and set a schedule's target version (docs/versions.md).
import { api } from '../../api';
import type { CompareResult } from '../../api/version-compare';
import { pageOf } from '../../domain/versions/compare-page';
import type { CompareShow, PageQuery } from '../../domain/versions/compare-page';
import type { ComparedField } from '../../domain/versions/compare';
import { keptRows } from '../services/compare-cache';
import { comparisonResult } from '../services/compare-result';
import { prewarmCompareSide } from '../services/compare-packed';
import { compareStored } from '../services/compare-sides';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { comparisonXlsx, XLSX_MIME } from '../export/compare-xlsx';
import { Binary, implement } from '../http/register';
import { copyContent } from '../services/content';
import { getNode, insertVersion } from '../services/eps';
import { toVersion } from '../services/mappers';
import { getVersion } from './versions';

export const versionCompareRoutes = ({ db, events }: AppContext) => {
  const changed = (spaceId: string, ids: string[]) =>
    events.publish({ event: 'eps_updated', space_id: spaceId, ids, payload: {} });

  /**
   * Both versions read (a version not calculated scheduled by the engine), then compared; the
   * answer carries the page of rows `page` asks for, or every row without it (the export).
   */
  const compare = async (
    spaceId: string,
    scheduleId: string,
    body: { base_version_id: string; version_id: string; slip_days: number },
    page?: PageQuery,
  ): Promise<CompareResult> => {
    await getNode(db, spaceId, scheduleId, 'schedule');
    if (body.base_version_id === body.version_id) throw badRequest('versions.same_version');
    const [base, version] = await Promise.all([
      getVersion(db, spaceId, body.base_version_id),
      getVersion(db, spaceId, body.version_id),
    ]);
    for (const v of [base, version])
      if (v.schedule_id !== scheduleId) throw badRequest('versions.other_schedule', { version: v.label });
    const t0 = performance.now();
    const { comparison, key } = await compareStored(db, spaceId, base.id, version.id, body.slip_days);
    const rows = page && pageOf(comparison, keptRows(key, comparison, page.show, page.field), page);
    return comparisonResult(
      toVersion(base),
      toVersion(version),
      comparison,
      Math.round(performance.now() - t0),
      rows,
    );
  };

  return [
    implement(api.versionCompare.compare, ({ params, body, space }) =>
      compare(space.spaceId, params.id, body, {
        show: body.show as CompareShow,
        field: body.field as ComparedField | undefined,
        offset: body.offset,
        limit: body.limit,
      }),
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
      prewarmCompareSide(db, space.spaceId, v.id);
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
      let copied: string | null = null;
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
          copied = created.id;
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
      if (copied) prewarmCompareSide(db, space.spaceId, copied);
      return toVersion(v);
    }),
  ];
};
