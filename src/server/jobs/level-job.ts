// level_resources: the "Level resources" command of a version (issue 17; docs/levelling.md). The
// version's model (drafts left out, as Calculate does), its assignments and the space resources
// they stand for go to levelSchedule in the worker thread; the rows it delayed are stored in
// levelled_starts with their levelled finish, delay and the dates they had, replacing the last
// levelling, with one version_levelling row of options and figures. The rows' own fields do not
// change: the levelled starts are an input of every calculation of the version (loadVersionModel →
// ScheduleOptions.levelledStarts) until the levelling is cleared.
import type { Kysely, Transaction } from 'kysely';
import { calendarDefOf } from '../../api/calendars';
import type { LevelOptions } from '../../api/levelling';
import type { LevellingOptions } from '../../domain/levelling';
import type { CurveKind, LevelAssignment, LevelResource } from '../../domain/resources';
import type { DB } from '../db/schema';
import { loadVersionModel } from '../import/to-model';
import { withoutDrafts } from './calc-job';
import { levelInWorker } from './pool';
import type { JobEnv, JobOutcome, JobRow, RunningJob } from './runner';
import { publishLevellingStep, storeLevellingStep } from '../services/levelling-undo';

type Db = Kysely<DB> | Transaction<DB>;

/** The queued level_resources job of a version. */
export function levellingJob(
  version: { id: string; schedule_id: string },
  spaceId: string,
  userId: string,
  lang: string,
  options: LevelOptions,
) {
  return {
    space_id: spaceId,
    type: 'level_resources' as const,
    user_id: userId,
    lang,
    schedule_id: version.schedule_id,
    version_id: version.id,
    params: { options },
  };
}

/** The domain's options from the contract's. */
export function levellingOptions(o: LevelOptions): LevellingOptions {
  return {
    priority: o.priority.map((p) => ({
      field: p.field,
      ...(p.descending !== undefined ? { descending: p.descending } : {}),
    })),
    withinFloat: o.within_float,
    preserveStarted: o.preserve_started,
    timeMs: o.time_ms,
  };
}

/** The version's assignments and the space resources they stand for. */
async function levellingData(db: Db, spaceId: string, versionId: string) {
  const rows = await db
    .selectFrom('version_assignments as a')
    .innerJoin('version_resources as vr', (j) =>
      j
        .onRef('vr.space_id', '=', 'a.space_id')
        .onRef('vr.version_id', '=', 'a.version_id')
        .onRef('vr.id', '=', 'a.resource_id'),
    )
    .select([
      'a.wbs_id',
      'a.units',
      'a.units_per_day',
      'a.intensity',
      'a.curve',
      'a.curve_values',
      'vr.resource_id',
    ])
    .where('a.space_id', '=', spaceId)
    .where('a.version_id', '=', versionId)
    .execute();
  const ids = [...new Set(rows.map((r) => r.resource_id).filter((x): x is string => !!x))];
  const res = ids.length
    ? await db
        .selectFrom('resources')
        .select(['id', 'kind', 'resource_type', 'default_limit', 'limits', 'calendar_id'])
        .where('space_id', '=', spaceId)
        .where('id', 'in', ids)
        .execute()
    : [];
  const resources: LevelResource[] = res.map((r) => ({
    id: r.id,
    kind: r.kind,
    resourceType: r.resource_type,
    defaultLimit: Number(r.default_limit),
    limits: r.limits,
    calendarId: r.calendar_id,
  }));
  const assignments: LevelAssignment[] = rows.map((r) => ({
    wbsId: r.wbs_id,
    resourceId: r.resource_id,
    units: Number(r.units),
    unitsPerDay: r.units_per_day == null ? null : Number(r.units_per_day),
    intensity: Number(r.intensity),
    curve: r.curve as CurveKind,
    curveValues: r.curve_values,
  }));
  return { resources, assignments };
}

export async function runLevelling(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const options = (job.params as { options: LevelOptions }).options;
  const loaded = await loadVersionModel(env.db, job.space_id, job.version_id!);
  const { model: base } = withoutDrafts(loaded.model);
  run.setProgress(15);
  const { resources, assignments } = await levellingData(env.db, job.space_id, job.version_id!);
  // Each resource is available in its own calendar's working time (P6): the model gets the space
  // calendars of the resources that it does not have yet (they schedule nothing themselves).
  const missing = [...new Set(resources.map((r) => r.calendarId))].filter(
    (id): id is string => !!id && !base.calendars.some((c) => c.id === id),
  );
  const extra = missing.length
    ? (
        await env.db
          .selectFrom('calendars')
          .selectAll()
          .where('space_id', '=', job.space_id)
          .where('id', 'in', missing)
          .execute()
      ).map(calendarDefOf)
    : [];
  const model = extra.length ? { ...base, calendars: [...base.calendars, ...extra] } : base;
  run.setProgress(25);
  run.checkStop();
  const result = await levelInWorker(
    model,
    resources,
    assignments,
    options.resource_ids,
    levellingOptions(options),
  );
  run.setProgress(85);
  run.checkStop();
  // One step of the version's undo log: Ctrl+Z puts the levelling before back, after a reload too.
  const { step } = await env.db.transaction().execute((tx) =>
    storeLevellingStep(
      tx,
      { spaceId: job.space_id, versionId: job.version_id!, userId: job.user_id },
      'resources:undo.level',
      {
        options,
        stats: result.stats,
        items: result.rows.map((r) => ({
          wbs_id: r.wbsId,
          start: r.start,
          finish: r.finish,
          delay: r.delay,
          base_start: r.baseStart,
          base_finish: r.baseFinish,
        })),
      },
      loaded.version.revision,
    ),
  );
  if (step) publishLevellingStep(env.events, job.space_id, job.version_id!, job.user_id, step);
  return { version_id: job.version_id };
}
