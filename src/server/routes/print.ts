// Print routes (api/print.ts): print as a job, a page preview as SVG, the page count, the
// caller's sheet formats (print presets) and per-version print settings. Presets and settings
// belong to their user: another member's preset id answers 404.
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { api } from '../../api';
import type { PrintPreset, PrintSettings as PrintSettingsT } from '../../api/print';
import { PrintSettings } from '../../api/print';
import { BUILTIN_FORMATS, defaultSettings, sameName } from '../../domain/print/settings';
import type { AppContext } from '../context';
import type { PrintPresetsTable } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { Binary, implement } from '../http/register';
import { jobRunnerFor } from '../jobs/app-runner';
import { toJob } from '../jobs/mappers';
import { MAX_PAGES } from '../../domain/print/layout';
import { planFor, previewSvg } from '../print/document';
import { printSource } from '../print/source';
import { PRINT_WORDS } from '../print/words';
import { iso } from '../services/mappers';
import { getVersion } from './versions';
import '../print/messages';
import { dashboardPlan, dashboardCharts, dashboardPreviewSvg } from '../print/dashboard-render';
import { dashboardSource } from '../print/dashboard-source';

const nameTaken = () =>
  new HttpError(400, 'BadRequest', [{ code: 'print.format_name_taken', params: { field: 'body.name' } }]);

const toPreset = (r: Selectable<PrintPresetsTable>): PrintPreset => ({
  id: r.id,
  name: r.name,
  width_mm: r.width_mm,
  height_mm: r.height_mm,
  margins_mm: r.margins_mm,
  created_at: iso(r.created_at),
});

const tooMany = (pages: number) =>
  new HttpError(400, 'BadRequest', [
    { code: 'print.too_many_pages', params: { field: 'body.settings.fit', pages, max: MAX_PAGES } },
  ]);

export function printRoutes(ctx: AppContext) {
  const { db } = ctx;
  const runner = jobRunnerFor(ctx);

  const saveSettings = async (
    spaceId: string,
    userId: string,
    versionId: string,
    settings: PrintSettingsT,
  ) => {
    await getVersion(db, spaceId, versionId);
    // The schedule page's filter belongs to the print at hand, not to the kept settings.
    const kept = { ...settings };
    delete kept.filter;
    delete kept.filter_indicator;
    delete kept.filter_target;
    await db
      .insertInto('print_settings')
      .values({
        space_id: spaceId,
        version_id: versionId,
        user_id: userId,
        settings: JSON.stringify(kept),
      })
      .onConflict((oc) =>
        oc
          .columns(['space_id', 'version_id', 'user_id'])
          .doUpdateSet({ settings: JSON.stringify(kept), updated_at: sql`now()` }),
      )
      .execute();
    return { version_id: versionId, settings: kept, saved: true };
  };

  return [
    implement(api.print.dashboardPrint, async ({ body, space, userId, lang }) => {
      // Checked here (400s and 404s answer the call), then drawn by the job.
      const src = await dashboardSource(db, space.spaceId, userId, body, lang);
      const job = await runner.enqueue({
        space_id: space.spaceId,
        type: 'print_version',
        user_id: userId,
        lang,
        schedule_id: src.scheduleId,
        version_id: src.versionId,
        params: { dashboard: body },
      });
      return toJob(job, lang);
    }),

    implement(api.print.dashboardPreview, async ({ body, space, userId, lang, reply }) => {
      const { page, ...rest } = body;
      const src = await dashboardSource(db, space.spaceId, userId, rest, lang);
      const { svg, pages } = dashboardPreviewSvg(src, lang, page);
      reply.header('x-print-pages', String(pages));
      reply.header('access-control-expose-headers', 'x-print-pages');
      return new Binary(Buffer.from(svg, 'utf8'), 'image/svg+xml');
    }),

    implement(api.print.dashboardCount, async ({ body, space, userId, lang }) => {
      const src = await dashboardSource(db, space.spaceId, userId, body, lang);
      const charts = dashboardCharts(src, lang);
      const plan = dashboardPlan(src, charts);
      return {
        pages: plan.pages,
        columns: plan.columns,
        charts: charts.map((c) => c.key),
        width_pt: plan.pageW,
        height_pt: plan.pageH,
      };
    }),

    implement(api.print.print, async ({ params, body, space, userId, lang }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      const src = await printSource(db, space.spaceId, version.id, userId, body.settings, lang);
      const pages = planFor(body.settings, src.data).pages;
      if (pages > MAX_PAGES) throw tooMany(pages);
      const job = await runner.enqueue({
        space_id: space.spaceId,
        type: 'print_version',
        user_id: userId,
        lang,
        schedule_id: version.schedule_id,
        version_id: version.id,
        params: { settings: body.settings },
      });
      return toJob(job, lang);
    }),

    implement(api.print.preview, async ({ params, body, space, userId, lang, reply }) => {
      const src = await printSource(db, space.spaceId, params.id, userId, body.settings, lang);
      const { svg, pages } = previewSvg(body.settings, src.data, src.values, PRINT_WORDS[lang], body.page);
      reply.header('x-print-pages', String(pages));
      reply.header('access-control-expose-headers', 'x-print-pages');
      return new Binary(Buffer.from(svg, 'utf8'), 'image/svg+xml');
    }),

    implement(api.print.count, async ({ params, body, space, userId, lang }) => {
      const src = await printSource(db, space.spaceId, params.id, userId, body.settings, lang);
      const plan = planFor(body.settings, src.data);
      return {
        pages: plan.pages,
        across: plan.across,
        down: plan.down,
        rows: src.data.rows.length,
        scale: plan.scale,
      };
    }),

    implement(api.print.presets, async ({ space, userId }) => {
      const rows = await db
        .selectFrom('print_presets')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .orderBy(sql`lower(name)`)
        .execute();
      return { items: rows.map(toPreset), builtin: structuredClone([...BUILTIN_FORMATS]) };
    }),

    implement(api.print.createPreset, async ({ body, space, userId }) => {
      if (BUILTIN_FORMATS.some((f) => sameName(f.name, body.name))) throw nameTaken();
      const row = await db
        .insertInto('print_presets')
        .values({
          space_id: space.spaceId,
          user_id: userId,
          name: body.name,
          width_mm: body.width_mm,
          height_mm: body.height_mm,
          margins_mm: JSON.stringify(body.margins_mm),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((err: unknown) => {
          if ((err as { code?: string }).code === '23505') throw nameTaken();
          throw err;
        });
      return toPreset(row);
    }),

    implement(api.print.removePreset, async ({ params, space, userId }) => {
      const r = await db
        .deleteFrom('print_presets')
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw notFound('print_preset');
      return { success: true as const };
    }),

    implement(api.print.settings, async ({ params, space, userId, lang }) => {
      await getVersion(db, space.spaceId, params.id);
      const row = await db
        .selectFrom('print_settings')
        .select('settings')
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      // Settings saved before a rule changed fall back to the defaults rather than failing.
      const parsed = row ? PrintSettings.safeParse(row.settings) : null;
      return parsed?.success
        ? { version_id: params.id, settings: parsed.data, saved: true }
        : { version_id: params.id, settings: defaultSettings(lang), saved: false };
    }),

    implement(api.print.createSettings, ({ body, space, userId }) =>
      saveSettings(space.spaceId, userId, body.version_id, body.settings),
    ),
    implement(api.print.updateSettings, ({ body, space, userId }) =>
      saveSettings(space.spaceId, userId, body.version_id, body.settings),
    ),
  ];
}
