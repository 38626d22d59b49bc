// One job runner per server (per AppContext): the transfer routes start it and queue imports and
// exports on it; the timetable routes queue and run calculations on the same one, so a queued job
// is claimed at once (enqueue kicks it) instead of waiting for a second runner's poll.
import type { AppContext } from '../context';
import { storageFor } from '../storage/storage';
import { runBimUpload } from '../bim/bim-job';
import { runBatch } from './batch-job';
import { runCalculation } from './calc-job';
import { runExport } from './export-job';
import { runImport } from './import-job';
import { runLevelling } from './level-job';
import { runPrint } from '../print/print-job';
import { runReport } from '../reports/report-job';
import { runBackup } from '../backups/backups';
import { JobRunner } from './runner';
import type { JobEnv } from './runner';

const runners = new WeakMap<AppContext, JobRunner>();

export function jobEnvFor(ctx: AppContext): JobEnv {
  return { ...ctx, storage: storageFor(ctx.config.dataDir) };
}

export function jobRunnerFor(ctx: AppContext): JobRunner {
  let runner = runners.get(ctx);
  if (!runner) {
    runner = new JobRunner(jobEnvFor(ctx), {
      import_version: runImport,
      export_version: runExport,
      calculate_timetable: runCalculation,
      level_resources: runLevelling,
      print_version: runPrint,
      run_report: runReport,
      backup_schedule: runBackup,
      bim_upload: runBimUpload,
      batch_versions: runBatch,
    });
    runners.set(ctx, runner);
  }
  return runner;
}
