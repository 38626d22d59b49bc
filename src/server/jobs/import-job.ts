// import_version: the uploaded file (a temp file of the storage) → parsed and scheduled in the
// worker thread → a new calculated version written in ONE transaction, so a failure or a stop
// leaves no half-imported version. The upload then stays with the version as a document.
import type { UploadRule } from '../../api/transfer';
import { applyReplacements } from '../../domain/versions/replacements';
import { badRequest } from '../errors';
import { writeVersion } from '../import/write-version';
import { scheduleRules, toRule } from '../routes/replacements';
import { prewarmCompareSide } from '../services/compare-packed';
import { prewarmColumns } from '../services/content-columns';
import { assignmentNotices, noticeContext } from '../services/notices';
import { getFile, readBytes } from '../storage/files';
import { parseInWorker } from './pool';
import type { JobEnv, JobOutcome, JobRow, RunningJob } from './runner';

export interface ImportParams {
  file_name: string;
  label: string;
  rule: UploadRule | null;
}

export async function runImport(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const params = job.params as unknown as ImportParams;
  const file = await getFile(env.db, job.space_id, job.file_id!);
  const bytes = await readBytes(env.storage, file);
  run.setProgress(5);
  const parsed = await parseInWorker(new Uint8Array(bytes), params.file_name, params.rule);
  const { result } = parsed;
  // The schedule's replacements turn the file's codes and names into the owner's (the schedule is
  // calculated by ids, so the result stays valid); a code they would make collide fails the job.
  const rules = (await scheduleRules(env.db, job.space_id, job.schedule_id!)).map(toRule);
  const replaced = applyReplacements(parsed.model, rules);
  if ('problems' in replaced) {
    const p = replaced.problems[0]!;
    throw badRequest(p.code, p.params);
  }
  const model = replaced.model;
  run.setProgress(50);
  run.checkStop();

  const version = await env.db.transaction().execute(async (tx) => {
    const v = await writeVersion(tx, {
      spaceId: job.space_id,
      scheduleId: job.schedule_id!,
      label: params.label,
      model,
      result,
      onRows: (share) => {
        run.setProgress(50 + share * 45);
        run.checkStop();
      },
    });
    run.checkStop();
    await tx
      .updateTable('stored_files')
      .set({ kind: 'documents', version_id: v.id, schedule_id: job.schedule_id, expires_at: null })
      .where('space_id', '=', job.space_id)
      .where('id', '=', file.id)
      .execute();
    return v;
  });
  env.events.publish({
    event: 'eps_updated',
    space_id: job.space_id,
    ids: [version.id, job.schedule_id!],
    payload: {},
  });
  // assignment_created to the members the imported assignments' resources stand for (resources
  // land on the space's by name, so a resource linked to a user brings its member).
  const ctx = noticeContext(env.events);
  if (ctx) await assignmentNotices(ctx, job.space_id, version.id, 'all', 'all', job.user_id);
  // The grid's columns are a cache: warmed after the notices, whose reads would otherwise queue
  // behind its one big statement (PGlite's one connection; issue 26's import of 10,000).
  prewarmColumns(env.db, job.space_id, version.id);
  prewarmCompareSide(env.db, job.space_id, version.id);
  return { version_id: version.id };
}
