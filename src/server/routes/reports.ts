// Report routes (api/reports.ts): the space's templates (built-in ones stored on first listing),
// upload with a placeholder check, rename, delete, EPS attachment, and runs as run_report jobs.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { api } from '../../api';
import type { Report } from '../../api/reports';
import { checkTemplate } from '../../domain/reports/template';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { implement } from '../http/register';
import type { ServerLang } from '../i18n/messages';
import { jobRunnerFor } from '../jobs/app-runner';
import { itemsOf, localizedItems } from '../jobs/errors';
import { BUILTIN_REPORTS, builtinTemplate } from '../reports/builtin';
import { cellsOf, readWorkbook } from '../reports/engine';
import { iso } from '../services/mappers';
import { getFile, toStoredFile } from '../storage/files';
import { readUpload } from '../storage/multipart';
import { getVersion } from './versions';
import '../print/messages';

const MAX_TEMPLATE_BYTES = 10 * 1024 * 1024;

async function ensureBuiltins(db: Kysely<DB>, spaceId: string) {
  const have = await db
    .selectFrom('reports')
    .select('builtin')
    .where('space_id', '=', spaceId)
    .where('builtin', 'is not', null)
    .execute();
  const missing = BUILTIN_REPORTS.filter((b) => !have.some((h) => h.builtin === b.key));
  for (const b of missing)
    await db
      .insertInto('reports')
      .values({
        space_id: spaceId,
        name: b.name,
        builtin: b.key,
        file_name: `${b.key}.xlsx`,
        template: await builtinTemplate(b.key),
      })
      .onConflict((oc) => oc.columns(['space_id', 'builtin']).where('builtin', 'is not', null).doNothing())
      .execute();
}

async function listReports(db: Kysely<DB>, spaceId: string, epsId?: string): Promise<Report[]> {
  const rows = await db
    .selectFrom('reports as r')
    .select(['r.id', 'r.name', 'r.builtin', 'r.file_name', 'r.created_at'])
    .select(
      sql<string[]>`coalesce((select array_agg(e.eps_id::text order by e.eps_id) from report_eps e
        where e.space_id = r.space_id and e.report_id = r.id), '{}')`.as('eps_ids'),
    )
    .where('r.space_id', '=', spaceId)
    .$if(!!epsId, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('report_eps as x')
            .select('x.eps_id')
            .whereRef('x.space_id', '=', 'r.space_id')
            .whereRef('x.report_id', '=', 'r.id')
            .where('x.eps_id', '=', epsId!),
        ),
      ),
    )
    .orderBy(sql`r.builtin is null`)
    .orderBy('r.created_at')
    .orderBy('r.name')
    .execute();
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at), eps_ids: r.eps_ids ?? [] }));
}

async function oneReport(db: Kysely<DB>, spaceId: string, id: string): Promise<Report> {
  const r = (await listReports(db, spaceId)).find((x) => x.id === id);
  if (!r) throw notFound('report');
  return r;
}

export function reportRoutes(ctx: AppContext) {
  const { db } = ctx;
  const runner = jobRunnerFor(ctx);

  const run = async (
    spaceId: string,
    userId: string,
    lang: ServerLang,
    reportId: string,
    versionId: string,
    master = false,
  ) => {
    await oneReport(db, spaceId, reportId);
    const version = await getVersion(db, spaceId, versionId);
    const job = await runner.runNow({
      space_id: spaceId,
      type: 'run_report',
      user_id: userId,
      lang,
      schedule_id: version.schedule_id,
      version_id: version.id,
      params: master ? { report_id: reportId, master: true } : { report_id: reportId },
    });
    if (job.state !== 'done') {
      const items = (job.errors ?? []).map((e) => ({ code: e.code, params: e.params }));
      throw new HttpError(400, 'BadRequest', localizedItems(lang, items.length ? items : itemsOf(null)));
    }
    return toStoredFile(await getFile(db, spaceId, job.file_id!));
  };

  return [
    implement(api.reports.list, async ({ space }) => {
      await ensureBuiltins(db, space.spaceId);
      return { items: await listReports(db, space.spaceId) };
    }),

    implement(api.reports.byEps, async ({ params, space }) => {
      const node = await db
        .selectFrom('eps_nodes')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!node) throw notFound('eps');
      return { items: await listReports(db, space.spaceId, params.id) };
    }),

    implement(api.reports.add, async ({ query, req, space, userId }) => {
      if (query.eps_id) await assertNode(db, space.spaceId, query.eps_id);
      const upload = await readUpload(req, MAX_TEMPLATE_BYTES, 'report.no_file');
      const wb = await readWorkbook(upload.data);
      const issues = checkTemplate(cellsOf(wb));
      if (issues.length)
        throw new HttpError(
          400,
          'BadRequest',
          issues.slice(0, 20).map((i) => ({
            code: i.code,
            params: { field: 'body.file', placeholder: i.placeholder, sheet: i.sheet, cell: i.cell },
          })),
        );
      const name =
        (query.name ?? upload.fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '')).slice(0, 32).trim() ||
        'Report';
      const row = await db
        .insertInto('reports')
        .values({
          space_id: space.spaceId,
          name,
          builtin: null,
          file_name: upload.fileName,
          template: upload.data,
          created_by: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (query.eps_id)
        await db
          .insertInto('report_eps')
          .values({ space_id: space.spaceId, report_id: row.id, eps_id: query.eps_id })
          .execute();
      return oneReport(db, space.spaceId, row.id);
    }),

    implement(api.reports.remove, async ({ params, space }) => {
      const r = await oneReport(db, space.spaceId, params.id);
      if (r.builtin)
        throw new HttpError(400, 'BadRequest', [{ code: 'report.builtin', params: { field: 'params.id' } }]);
      await db
        .deleteFrom('reports')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.reports.rename, async ({ params, body, space }) => {
      await oneReport(db, space.spaceId, params.id);
      await db
        .updateTable('reports')
        .set({ name: body.name })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .execute();
      return oneReport(db, space.spaceId, params.id);
    }),

    implement(api.reports.attach, async ({ params, space }) => {
      await oneReport(db, space.spaceId, params.id);
      await assertNode(db, space.spaceId, params.eps_id);
      await db
        .insertInto('report_eps')
        .values({ space_id: space.spaceId, report_id: params.id, eps_id: params.eps_id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return oneReport(db, space.spaceId, params.id);
    }),

    implement(api.reports.detach, async ({ params, space }) => {
      await oneReport(db, space.spaceId, params.id);
      await assertNode(db, space.spaceId, params.eps_id);
      await db
        .deleteFrom('report_eps')
        .where('space_id', '=', space.spaceId)
        .where('report_id', '=', params.id)
        .where('eps_id', '=', params.eps_id)
        .execute();
      return oneReport(db, space.spaceId, params.id);
    }),

    implement(api.reports.run, ({ params, space, userId, lang }) =>
      run(space.spaceId, userId, lang, params.id, params.version_id),
    ),
    implement(api.reports.runOnVersion, ({ params, space, userId, lang }) =>
      run(space.spaceId, userId, lang, params.report_id, params.id),
    ),
    implement(api.reports.runMaster, ({ params, space, userId, lang }) =>
      run(space.spaceId, userId, lang, params.report_id, params.id, true),
    ),
  ];
}

async function assertNode(db: Kysely<DB>, spaceId: string, id: string) {
  const node = await db
    .selectFrom('eps_nodes')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!node) throw notFound('eps');
}
