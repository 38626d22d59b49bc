// run_report: a report template filled from a version into a temp XLSX file of the storage.
import type { ServerLang } from '../i18n/messages';
import { safeName } from '../import/calendars';
import type { JobEnv, JobOutcome, JobRow, RunningJob } from '../jobs/runner';
import { saveFile } from '../storage/files';
import { fillWorkbook, readWorkbook, reportSource } from './engine';

export async function runReport(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const { report_id } = job.params as { report_id: string };
  const report = await env.db
    .selectFrom('reports')
    .select(['name', 'template'])
    .where('space_id', '=', job.space_id)
    .where('id', '=', report_id)
    .executeTakeFirstOrThrow();
  const src = await reportSource(env.db, job.space_id, job.version_id!, job.user_id);
  run.setProgress(40);
  run.checkStop();
  const wb = await readWorkbook(report.template);
  fillWorkbook(wb, src.rows, src.meta, job.lang === 'ru' ? 'ru' : ('en' as ServerLang));
  run.setProgress(80);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  const file = await saveFile(env.db, env.storage, {
    spaceId: job.space_id,
    kind: 'temp',
    name: `${safeName(report.name, 'report')} - ${safeName(src.label, 'version')}.xlsx`,
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data,
    scheduleId: src.scheduleId,
    versionId: job.version_id!,
    userId: job.user_id,
  });
  return { file_id: file.id };
}
