// calculate_timetable: the engine computes the version's dates, floats and critical flags (the
// DERIVED columns) in the worker thread; the state goes not_calculated → in_process → calculated,
// and back to not_calculated when the logic has a loop.
import { sql } from 'kysely';
import { loadVersionModel } from '../import/to-model';
import { scheduleInWorker } from './pool';
import type { JobEnv, JobOutcome, JobRow, RunningJob } from './runner';

/** The queued or immediate calculate_timetable job of a version (runner.enqueue / runNow input). */
export function calculationJob(
  version: { id: string; schedule_id: string },
  spaceId: string,
  userId: string,
  lang: string,
) {
  return {
    space_id: spaceId,
    type: 'calculate_timetable' as const,
    user_id: userId,
    lang,
    schedule_id: version.schedule_id,
    version_id: version.id,
  };
}

const setState = (env: JobEnv, job: JobRow, state: 'not_calculated' | 'in_process' | 'calculated') =>
  env.db
    .updateTable('versions')
    .set({ timetable_state: state })
    .where('space_id', '=', job.space_id)
    .where('id', '=', job.version_id!)
    .execute();

export async function runCalculation(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const { model } = await loadVersionModel(env.db, job.space_id, job.version_id!);
  await setState(env, job, 'in_process');
  run.setProgress(20);
  try {
    const result = await scheduleInWorker(model);
    run.setProgress(60);
    run.checkStop();
    // One statement for all rows: arrays unnested into a join.
    const critical = Array.from(result.critical, (c) => c === 1);
    await env.db.transaction().execute(async (tx) => {
      await sql`UPDATE wbs_items AS w SET es = u.es, ef = u.ef, ls = u.ls, lf = u.lf, tf = u.tf, ff = u.ff,
          critical = u.critical
        FROM unnest(${result.ids}::uuid[], ${Array.from(result.es)}::int[], ${Array.from(result.ef)}::int[],
          ${Array.from(result.ls)}::int[], ${Array.from(result.lf)}::int[], ${Array.from(result.tf)}::int[],
          ${Array.from(result.ff)}::int[], ${critical}::boolean[])
          AS u(id, es, ef, ls, lf, tf, ff, critical)
        WHERE w.space_id = ${job.space_id} AND w.version_id = ${job.version_id} AND w.id = u.id`.execute(tx);
      await tx
        .updateTable('versions')
        .set({ timetable_state: 'calculated' })
        .where('space_id', '=', job.space_id)
        .where('id', '=', job.version_id!)
        .execute();
    });
  } catch (err) {
    await setState(env, job, 'not_calculated');
    throw err;
  }
  return { version_id: job.version_id };
}
