// run_report: a report template filled from a version — or, for a master report, from every
// schedule of its project (master.ts) — into a temp XLSX file of the storage. Progress: reading
// the versions up to 70 %, the charts, filling, writing.
import type { ServerLang } from '../i18n/messages';
import { safeName } from '../import/calendars';
import type { JobEnv, JobOutcome, JobRow, RunningJob } from '../jobs/runner';
import { saveFile } from '../storage/files';
import { renderCharts } from './charts';
import { chartsOf, fillWorkbook, readWorkbook, reportSource } from './engine';
import { masterSource } from './master';

export async function runReport(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const { report_id, master } = job.params as { report_id: string; master?: boolean };
  const report = await env.db
    .selectFrom('reports')
    .select(['name', 'template'])
    .where('space_id', '=', job.space_id)
    .where('id', '=', report_id)
    .executeTakeFirstOrThrow();
  const lang: ServerLang = job.lang === 'ru' ? 'ru' : 'en';
  const versionId = job.version_id!;
  const src = master
    ? await masterSource(env.db, job.space_id, versionId, job.user_id, (done, of) => {
        run.checkStop();
        run.setProgress((done / of) * 70);
      })
    : {
        ...(await reportSource(env.db, job.space_id, versionId, job.user_id)),
        scope: null,
      };
  run.setProgress(70);
  run.checkStop();
  const wb = await readWorkbook(report.template);
  const names = chartsOf(wb);
  const charts = names.length
    ? await renderCharts(
        env.db,
        src.scope ?? { kind: 'version', spaceId: job.space_id, versionId, scheduleId: src.scheduleId },
        names,
        lang,
      )
    : new Map();
  run.setProgress(80);
  fillWorkbook(wb, src.rows, src.meta, lang, { bars: src.bars, charts });
  run.setProgress(90);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  const file = await saveFile(env.db, env.storage, {
    spaceId: job.space_id,
    kind: 'temp',
    name: `${safeName(report.name, 'report')}${master ? ' (master)' : ''} - ${safeName(src.label, 'version')}.xlsx`,
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data,
    scheduleId: src.scheduleId,
    versionId,
    userId: job.user_id,
  });
  return { file_id: file.id };
}
