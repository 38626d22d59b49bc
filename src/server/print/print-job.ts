// print_version: the version printed to a PDF in a temp file of the storage (downloadable through
// storage/download/{id}); progress per page. Pages stream to a scratch file while drawn, so the
// document is held in memory once, when stored.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PrintSettings } from '../../domain/print/settings';
import { safeName } from '../import/calendars';
import type { ServerLang } from '../i18n/messages';
import type { JobEnv, JobOutcome, JobRow, RunningJob } from '../jobs/runner';
import { saveFile } from '../storage/files';
import type { DashboardPrintBody } from '../../api/print';
import { writePrintPdf } from './document';
import { writeDashboardPdf } from './dashboard-render';
import { dashboardSource } from './dashboard-source';
import { printSource } from './source';
import { PRINT_WORDS } from './words';

export interface PrintParams {
  settings: PrintSettings;
}

/** A dashboard's print runs as the same job kind, with the dashboard's body instead of settings. */
export interface DashboardPrintParams {
  dashboard: DashboardPrintBody;
}

export async function runPrint(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const lang = (job.lang as ServerLang) === 'ru' ? 'ru' : 'en';
  if ('dashboard' in (job.params as object))
    return runDashboardPrint(job, run, env, (job.params as unknown as DashboardPrintParams).dashboard, lang);
  const { settings } = job.params as unknown as PrintParams;
  const src = await printSource(env.db, job.space_id, job.version_id!, job.user_id, settings, lang);
  run.setProgress(5);
  const dir = await mkdtemp(path.join(tmpdir(), 'print-'));
  const file = path.join(dir, 'print.pdf');
  try {
    await writePrintPdf(
      file,
      settings,
      src.data,
      src.values,
      PRINT_WORDS[lang],
      {
        progress: (done, pages) => run.setProgress(5 + (done / pages) * 90),
        checkStop: () => run.checkStop(),
      },
      { title: `${src.scheduleName} — ${src.versionLabel}`, author: src.values.user },
    );
    const saved = await saveFile(env.db, env.storage, {
      spaceId: job.space_id,
      kind: 'temp',
      name: `${safeName(src.versionLabel, 'version')}.pdf`,
      mime: 'application/pdf',
      data: await readFile(file),
      scheduleId: src.scheduleId,
      versionId: job.version_id!,
      userId: job.user_id,
    });
    return { file_id: saved.id };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function runDashboardPrint(
  job: JobRow,
  run: RunningJob,
  env: JobEnv,
  body: DashboardPrintBody,
  lang: ServerLang,
): Promise<JobOutcome> {
  // The print reads the asking user's presets and formats: a dashboard print always has one.
  if (!job.user_id) throw new Error('a dashboard print needs its user');
  const src = await dashboardSource(env.db, job.space_id, job.user_id, body, lang);
  run.setProgress(10);
  const dir = await mkdtemp(path.join(tmpdir(), 'print-'));
  const file = path.join(dir, 'dashboard.pdf');
  try {
    await writeDashboardPdf(
      file,
      src,
      lang,
      {
        progress: (done, pages) => run.setProgress(10 + (done / pages) * 85),
        checkStop: () => run.checkStop(),
      },
      { title: `${src.name} — ${src.format.name}`, author: src.values.user },
    );
    const saved = await saveFile(env.db, env.storage, {
      spaceId: job.space_id,
      kind: 'temp',
      name: `${safeName(src.name, 'dashboard')}.pdf`,
      mime: 'application/pdf',
      data: await readFile(file),
      scheduleId: src.scheduleId,
      versionId: src.versionId,
      userId: job.user_id,
    });
    return { file_id: saved.id };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
