// calculate_timetable: the engine computes the version's dates, floats and critical flags (the
// DERIVED columns) in the worker thread; the state goes not_calculated → in_process → calculated,
// and back to not_calculated when the logic has a loop or an edit was stored meanwhile.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ScheduleModel, ScheduleResult } from '../../domain/schedule';
import type { DB } from '../db/schema';
import { loadVersionModel } from '../import/to-model';
import { dateChange } from '../../domain/collab';
import { refreshSummary } from '../services/analytics-summary';
import { refreshVersionCustom } from '../services/analytics-custom-summary';
import {
  assignedFinishes,
  delayNotices,
  expertDataNotices,
  noticeContext,
  notifyVia,
} from '../services/notices';
import { prewarmCompareSide } from '../services/compare-packed';
import { prewarmColumns } from '../services/content-columns';
import { LIVE_ENTRY_BYTES } from '../services/wbs-patch-batch';
import { followPlans, plannedRows } from '../services/wdp-follow';
import type { FollowOutcome } from '../services/wdp-follow';
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

/** Sets the job's version's timetable state, on the database or inside a transaction. */
const setState = (
  db: Kysely<DB> | Transaction<DB>,
  job: JobRow,
  state: 'not_calculated' | 'in_process' | 'calculated',
) =>
  db
    .updateTable('versions')
    .set({ timetable_state: state })
    .where('space_id', '=', job.space_id)
    .where('id', '=', job.version_id!)
    .execute();

/**
 * The model the workbench schedules: draft rows are ideas, not plan, so they and the rows under
 * them are left out with their relations (as the client's toScheduleModel does). Answers the
 * ids left out too.
 */
export function withoutDrafts(model: ScheduleModel): { model: ScheduleModel; left: string[] } {
  const out = new Set<string>();
  // Activities come in preorder: a parent is decided before its rows.
  for (const a of model.activities)
    if (a.nodeType === 'draft' || (a.parentId !== null && out.has(a.parentId))) out.add(a.id);
  if (out.size === 0) return { model, left: [] };
  return {
    model: {
      ...model,
      activities: model.activities.filter((a) => !out.has(a.id)),
      relations: model.relations.filter((r) => !out.has(r.predId) && !out.has(r.succId)),
    },
    left: [...out],
  };
}

/** A test seam: runs after the engine, before the write (an edit stored during a calculation). */
export interface CalculationSeams {
  beforeWrite?: () => Promise<void>;
}

/**
 * The dates are written, and the state set to calculated, only while the version is still at the
 * revision the model was read at (the version row is read before its rows, so that revision is no
 * newer than they are). An edit stored meanwhile leaves it not_calculated with the dates it had:
 * stale dates are never shown as calculated. The version row's lock orders this against batches.
 */
export async function runCalculation(
  job: JobRow,
  run: RunningJob,
  env: JobEnv,
  seams: CalculationSeams = {},
): Promise<JobOutcome> {
  const loaded = await loadVersionModel(env.db, job.space_id, job.version_id!);
  const { model, left } = withoutDrafts(loaded.model);
  let follow: FollowOutcome | null;
  let delayed: { rowId: string; ef: number }[] = [];
  await setState(env.db, job, 'in_process');
  run.setProgress(20);
  try {
    const result = await scheduleInWorker(model);
    run.setProgress(60);
    run.checkStop();
    await seams.beforeWrite?.();
    follow = await env.db.transaction().execute(async (tx) => {
      const current = await tx
        .updateTable('versions')
        .set({ timetable_state: 'calculated' })
        .where('space_id', '=', job.space_id)
        .where('id', '=', job.version_id!)
        .where('revision', '=', loaded.version.revision)
        .returning('id')
        .executeTakeFirst();
      if (!current) {
        await setState(tx, job, 'not_calculated');
        return null;
      }
      // The rows' plans follow their new dates (one undo_wdp action at the next revision).
      const planned = await plannedRows(tx, job.space_id, job.version_id!);
      // Finishes of rows with an assigned member before and after: a later one is a delay.
      const before = await assignedFinishes(tx, job.space_id, job.version_id!);
      // Set only when the dates are written (a stale result returns above).
      delayed = finishDelays(before, result);
      await storeTimetable(tx, job.space_id, job.version_id!, result, left);
      return followPlans(
        tx,
        { spaceId: job.space_id, versionId: job.version_id!, userId: job.user_id },
        loaded.version.revision,
        planned,
        result,
        model.options.dataDate ?? null,
      );
    });
  } catch (err) {
    await setState(env.db, job, 'not_calculated');
    throw err;
  }
  if (follow) publishFollow(env, job, follow);
  if (delayed.length) {
    const rows = delayed;
    notifyVia(env.events, async () => {
      const ctx = noticeContext(env.events);
      return ctx ? delayNotices(ctx, job.space_id, job.version_id!, rows, job.user_id) : [];
    });
  }
  // New dates wait for the acceptance of the rows' curators.
  notifyVia(env.events, async () => {
    const ctx = noticeContext(env.events);
    return ctx ? expertDataNotices(ctx, job.space_id, job.version_id!, job.user_id) : [];
  });
  prewarmColumns(env.db, job.space_id, job.version_id!);
  prewarmCompareSide(env.db, job.space_id, job.version_id!);
  // The version's analytics summary, remade from the new dates so the dashboards read it at once.
  // A failure here leaves it stale, and the first analytics read remakes it.
  run.setProgress(90);
  await refreshSummary(env.db, job.space_id, job.version_id!).catch(() => undefined);
  // And its stored custom-cost summaries (those of the attributes asked for before).
  await refreshVersionCustom(env.db, job.space_id, job.version_id!).catch(() => undefined);
  return { version_id: job.version_id };
}

/** Rows (of those given, with their old finish) whose finish the result moves later. */
export function finishDelays(
  before: ReadonlyMap<string, number | null>,
  result: Pick<ScheduleResult, 'ids' | 'es' | 'ef'>,
): { rowId: string; ef: number }[] {
  const out: { rowId: string; ef: number }[] = [];
  if (before.size === 0) return out;
  result.ids.forEach((id, i) => {
    if (!before.has(id)) return;
    const ef = result.ef[i]!;
    if (dateChange({ es: null, ef: before.get(id)! }, { es: null, ef }) === 'assignment_date_delay')
      out.push({ rowId: id, ef });
  });
  return out;
}

/** Open pages learn of the plans that followed the dates like of any stored change. */
function publishFollow(env: JobEnv, job: JobRow, f: FollowOutcome): void {
  env.events.publish({
    event: 'version_updated',
    space_id: job.space_id,
    ids: [job.version_id!],
    payload: {
      revision: f.revision,
      origin: 'do',
      user_id: job.user_id,
      action_id: f.action_id,
      // As the batch route: a small change travels with its event.
      ...(f.entryBytes <= LIVE_ENTRY_BYTES ? { entry: f.entry } : {}),
    },
  });
}

/** Writes an engine result into a version's rows (one statement); rows `left` out get no dates. */
export async function storeTimetable(
  tx: Kysely<DB>,
  spaceId: string,
  versionId: string,
  result: ScheduleResult,
  left: readonly string[],
): Promise<void> {
  // One statement for all rows: arrays unnested into a join.
  const critical = Array.from(result.critical, (c) => c === 1);
  await sql`UPDATE wbs_items AS w SET es = u.es, ef = u.ef, ls = u.ls, lf = u.lf, tf = u.tf, ff = u.ff,
      critical = u.critical
    FROM unnest(${result.ids}::uuid[], ${Array.from(result.es)}::int[], ${Array.from(result.ef)}::int[],
      ${Array.from(result.ls)}::int[], ${Array.from(result.lf)}::int[], ${Array.from(result.tf)}::int[],
      ${Array.from(result.ff)}::int[], ${critical}::boolean[])
      AS u(id, es, ef, ls, lf, tf, ff, critical)
    WHERE w.space_id = ${spaceId} AND w.version_id = ${versionId} AND w.id = u.id`.execute(tx);
  // Rows left out (drafts) have no dates, as in the grid.
  if (left.length)
    await sql`UPDATE wbs_items SET es = NULL, ef = NULL, ls = NULL, lf = NULL, tf = NULL, ff = NULL,
        critical = NULL
      WHERE space_id = ${spaceId} AND version_id = ${versionId} AND id = ANY(${[...left]}::uuid[])`.execute(
      tx,
    );
}
