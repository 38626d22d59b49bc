// Batch jobs (import_version, export_version, calculate_timetable): rows of the jobs table that
// any server process may claim with SELECT … FOR UPDATE SKIP LOCKED. A running job beats a
// heartbeat; a job whose process died is marked failed (job.interrupted) when a server starts —
// at once on PGlite (one process owns the data directory). On PostgreSQL every runner holds a
// presence connection named after it (application_name), so the other processes see a killed
// one's jobs at their next poll (its connection is gone from pg_stat_activity); a runner without
// one (not yet connected, or hung with its connection open) is judged by a silent minute.
// Progress goes out as live events: batch_start, then import / export / timetable_calculate and
// batch_progress with the per cent, then batch_finish.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { EventName } from '../../api/events';
import type { Config } from '../config';
import type { BatchItemRow, DB, JobState, JobType, JobsTable } from '../db/schema';
import type { EventHub } from '../events/hub';
import type { Item } from '../errors';
import type { Storage } from '../storage/storage';
import { JobStopped, itemsOf } from './errors';

export type JobRow = Selectable<JobsTable>;

export interface JobEnv {
  db: Kysely<DB>;
  events: EventHub;
  storage: Storage;
  config: Config;
}

/** What a job's handler returns: the version and file it produced (or worked on). */
export interface JobOutcome {
  version_id?: string | null;
  file_id?: string | null;
}

export type JobHandler = (job: JobRow, run: RunningJob, env: JobEnv) => Promise<JobOutcome>;

export const EVENT_OF: Record<JobType, EventName> = {
  import_version: 'import',
  export_version: 'export',
  calculate_timetable: 'timetable_calculate',
  level_resources: 'resource_level',
  // Prints and reports write a file, as exports do.
  print_version: 'export',
  run_report: 'export',
  backup_schedule: 'backup',
  // An IFC upload is read into a model as a schedule file is into a version.
  bim_upload: 'import',
  // A batch's own progress and items go out as batch_progress (src/server/jobs/batch-job.ts).
  batch_versions: 'batch_progress',
};

const POLL_MS = 2_000;
const HEARTBEAT_MS = 10_000;
/** When this process started: on PGlite, a job running since before then is an orphan. */
const PROCESS_START = new Date();
const STALE_SECONDS = 60;
/** Runner ids that hold a presence connection start with this (application_name = the id). */
const LIVE_PREFIX = 'live:';
const PRESENCE_RETRY_MS = 1_000;

/** A job while this process runs it: progress, stop flag, live events. */
export class RunningJob {
  progress = 0;
  stopRequested = false;
  private lastSent = 0;

  constructor(
    readonly job: JobRow,
    private readonly publish: (job: JobRow, payload: Record<string, unknown>) => void,
  ) {}

  /** Sets the per cent (0–100, never backwards) and tells the clients, at most every 200 ms. */
  setProgress(percent: number): void {
    const p = Math.max(this.progress, Math.min(99, Math.round(percent)));
    if (p === this.progress) return;
    this.progress = p;
    const now = Date.now();
    if (now - this.lastSent < 200) return;
    this.lastSent = now;
    this.publish(this.job, { state: 'running', progress: p });
  }

  /** Throws JobStopped when a stop was asked for: call between steps and inside long loops. */
  checkStop(): void {
    if (this.stopRequested) throw new JobStopped();
  }
}

export class JobRunner {
  /** This runner, as written in jobs.runner ('live:…' once its presence connection is up). */
  id: string = randomUUID();
  private readonly active = new Map<string, RunningJob>();
  private presence: pg.Client | null = null;
  private stopped = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private claiming = false;
  private failures = 0;

  constructor(
    private readonly env: JobEnv,
    private readonly handlers: Record<JobType, JobHandler>,
    private readonly concurrency = 1,
  ) {}

  /** Fails the jobs of dead processes, then polls for queued jobs. */
  async start(): Promise<void> {
    if (this.env.config.databaseUrl) await this.connectPresence();
    await this.recover();
    this.timer = setInterval(() => void this.tick(), POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.presence?.end().catch(() => undefined);
    this.presence = null;
    for (const run of this.active.values()) run.stopRequested = true;
  }

  /**
   * PostgreSQL: one connection that lives as long as this runner, named after it; the server
   * closes it when the process dies, however it dies. Reconnected after a drop.
   */
  private async connectPresence(): Promise<void> {
    const name = this.id.startsWith(LIVE_PREFIX) ? this.id : `${LIVE_PREFIX}${this.id}`;
    const client = new pg.Client({ connectionString: this.env.config.databaseUrl! });
    const retry = () => {
      if (this.presence !== client || this.stopped) return;
      this.presence = null;
      setTimeout(() => void this.connectPresence().catch(() => undefined), PRESENCE_RETRY_MS).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    try {
      await client.connect();
      // Set after connecting: an application_name in the URL would win over a config field.
      await client.query(`SELECT set_config('application_name', $1, false)`, [name]);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) return void (await client.end().catch(() => undefined));
    this.presence = client;
    this.id = name;
  }

  private async tick(): Promise<void> {
    try {
      await this.heartbeat();
      if (this.env.config.databaseUrl) await this.recover();
      await this.claimLoop();
      this.failures = 0;
    } catch {
      // A closed database (tests, shutdown) ends polling after a few tries.
      if (++this.failures > 3) this.stop();
    }
  }

  /** Jobs marked running by a process that is gone. */
  async recover(): Promise<void> {
    const failed = await this.env.db
      .updateTable('jobs')
      .set({
        state: 'failed',
        errors: JSON.stringify([{ code: 'job.interrupted', params: {} }]),
        finished_at: new Date(),
      })
      .where('state', '=', 'running')
      .where('runner', '!=', this.id)
      // PGlite: one process owns the data, so whatever ran before it started is orphaned (jobs
      // that other runners of this process run now started later). PostgreSQL: silent ones.
      .$if(!this.env.config.databaseUrl, (q) =>
        q.where(sql<Date>`coalesce(started_at, created_at)`, '<', PROCESS_START),
      )
      .$if(!!this.env.config.databaseUrl, (q) =>
        q.where((eb) =>
          eb.or([
            eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_SECONDS})`),
            eb.and([
              eb('runner', 'like', `${LIVE_PREFIX}%`),
              sql<boolean>`NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = jobs.runner)`,
            ]),
          ]),
        ),
      )
      .returningAll()
      .execute();
    for (let job of failed) {
      if (job.type === 'batch_versions') job = await this.interruptBatch(job);
      if (job.type === 'calculate_timetable' && job.version_id) {
        await this.env.db
          .updateTable('versions')
          .set({ timetable_state: 'not_calculated' })
          .where('space_id', '=', job.space_id)
          .where('id', '=', job.version_id)
          .where('timetable_state', '=', 'in_process')
          .execute();
      }
      this.finishEvent(job);
    }
  }

  /**
   * A batch whose server died: the version it was on wrote nothing (its write is one transaction)
   * but may be left in_process, so it is set back to not_calculated; its unfinished items are
   * reported as interrupted.
   */
  private async interruptBatch(job: JobRow): Promise<JobRow> {
    const open = job.items
      .filter((i) => i.state === 'running')
      .map((i) => i.version_id)
      .filter((id): id is string => id !== null);
    if (open.length && (job.params as { action?: string }).action === 'calculate')
      await this.env.db
        .updateTable('versions')
        .set({ timetable_state: 'not_calculated' })
        .where('space_id', '=', job.space_id)
        .where('id', 'in', open)
        .where('timetable_state', '=', 'in_process')
        .execute();
    return this.settleBatch(job, 'failed', 'job.interrupted');
  }

  private async settleStoppedBatch(job: JobRow): Promise<JobRow> {
    const now = await this.env.db
      .selectFrom('jobs')
      .selectAll()
      .where('space_id', '=', job.space_id)
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    return this.settleBatch(now, 'stopped', 'job.stopped');
  }

  /** Writes a batch's unfinished items as stopped or failed with the given code. */
  async settleBatch(job: JobRow, state: 'stopped' | 'failed', code: string): Promise<JobRow> {
    const items = job.items.map((i) =>
      i.state === 'queued' || i.state === 'running' ? { ...i, state, errors: [{ code, params: {} }] } : i,
    );
    return this.env.db
      .updateTable('jobs')
      .set({ items: JSON.stringify(items) })
      .where('space_id', '=', job.space_id)
      .where('id', '=', job.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private async heartbeat(): Promise<void> {
    if (this.active.size === 0) return;
    // The beat also brings stops asked for through another process.
    // By job id: a job run under the id this runner had before its presence connection came up.
    const rows = await this.env.db
      .updateTable('jobs')
      .set({ heartbeat_at: new Date() })
      .where('id', 'in', [...this.active.keys()])
      .where('state', '=', 'running')
      .returning(['id', 'stop_requested'])
      .execute();
    for (const r of rows) {
      const run = this.active.get(r.id);
      if (run && r.stop_requested) run.stopRequested = true;
    }
  }

  /** Asks the queue loop to look now (after a job was queued by this process). */
  kick(): void {
    void this.claimLoop().catch(() => undefined);
  }

  private async claimLoop(): Promise<void> {
    if (this.claiming) return;
    this.claiming = true;
    try {
      while (this.active.size < this.concurrency) {
        const job = await this.claim();
        if (!job) break;
        void this.execute(job).finally(() => this.kick());
      }
    } finally {
      this.claiming = false;
    }
  }

  private async claim(): Promise<JobRow | null> {
    const { rows } = await sql<JobRow>`
      UPDATE jobs SET state = 'running', runner = ${this.id}, started_at = now(), heartbeat_at = now()
      WHERE (space_id, id) = (
        SELECT space_id, id FROM jobs WHERE state = 'queued' ORDER BY created_at
        LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(this.env.db);
    return rows[0] ?? null;
  }

  /** Queues a job; the returned row is its queued state. */
  async enqueue(values: {
    space_id: string;
    type: JobType;
    /** Null for jobs no one asked for at the time (periodic backups of a member who left). */
    user_id: string | null;
    lang: string;
    schedule_id?: string | null;
    version_id?: string | null;
    file_id?: string | null;
    params?: Record<string, unknown>;
    items?: BatchItemRow[];
  }): Promise<JobRow> {
    const job = await this.env.db
      .insertInto('jobs')
      .values({
        ...values,
        params: JSON.stringify(values.params ?? {}),
        items: JSON.stringify(values.items ?? []),
        errors: '[]',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.kick();
    return job;
  }

  /** Runs a job in this request (synchronous upload, export): claimed at once, never queued. */
  async runNow(values: Parameters<JobRunner['enqueue']>[0]): Promise<JobRow> {
    const job = await this.env.db
      .insertInto('jobs')
      .values({
        ...values,
        params: JSON.stringify(values.params ?? {}),
        items: JSON.stringify(values.items ?? []),
        errors: '[]',
        state: 'running',
        runner: this.id,
        started_at: new Date(),
        heartbeat_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.execute(job);
  }

  get(spaceId: string, id: string) {
    return this.env.db
      .selectFrom('jobs')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Progress of a job this process is running (fresher than the row). */
  liveProgress(id: string): number | null {
    return this.active.get(id)?.progress ?? null;
  }

  /** Stop: a queued job is stopped at once; a running one at its next check. */
  async requestStop(job: JobRow): Promise<JobRow> {
    // The row first, the running job second: execute() reads the flag again once it has
    // registered the job, so a stop that lands while the job is being claimed is not lost.
    const stopped = await this.env.db
      .updateTable('jobs')
      .set({ stop_requested: true })
      .where('space_id', '=', job.space_id)
      .where('id', '=', job.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const here = this.active.get(job.id);
    if (here) here.stopRequested = true;
    if (stopped.state !== 'queued') return stopped;
    const settled =
      stopped.type === 'batch_versions' ? await this.settleBatch(stopped, 'stopped', 'job.stopped') : stopped;
    const row = await this.finish(settled, 'stopped', [{ code: 'job.stopped', params: {} }], {});
    return row;
  }

  /** A stop asked for between the claim and execute()'s registering of the job. */
  private async readStop(job: JobRow, run: RunningJob) {
    const row = await this.env.db
      .selectFrom('jobs')
      .select('stop_requested')
      .where('space_id', '=', job.space_id)
      .where('id', '=', job.id)
      .executeTakeFirst()
      .catch(() => undefined);
    if (row?.stop_requested) run.stopRequested = true;
  }

  private publish = (job: JobRow, payload: Record<string, unknown>) => {
    // Progress names the job and schedule only: the workbench reloads a version named in a
    // timetable_calculate event, which it should do once, when the job ends.
    const final = payload.state !== 'running';
    const ids = [job.id, job.schedule_id, final ? job.version_id : null].filter((x): x is string => !!x);
    this.env.events.publish({
      event: EVENT_OF[job.type],
      space_id: job.space_id,
      ids,
      payload: { job_id: job.id, type: job.type, ...payload },
    });
    // The batch_* family tells any listener of jobs, whatever their type, how far one has got.
    if (!final && EVENT_OF[job.type] !== 'batch_progress') {
      this.env.events.publish({
        event: 'batch_progress',
        space_id: job.space_id,
        ids: [job.id],
        payload: { job_id: job.id, type: job.type, ...payload },
      });
    }
  };

  private finishEvent(job: JobRow) {
    const payload = {
      state: job.state,
      progress: job.progress,
      version_id: job.version_id,
      file_id: job.file_id,
      schedule_id: job.schedule_id,
      errors: job.errors,
    };
    this.publish(job, payload);
    this.env.events.publish({
      event: 'batch_finish',
      space_id: job.space_id,
      ids: [job.id],
      payload: { job_id: job.id, type: job.type, ...payload },
    });
  }

  private async execute(job: JobRow): Promise<JobRow> {
    const run = new RunningJob(job, this.publish);
    run.stopRequested = job.stop_requested;
    this.active.set(job.id, run);
    await this.readStop(job, run);
    this.env.events.publish({
      event: 'batch_start',
      space_id: job.space_id,
      ids: [job.id],
      payload: { job_id: job.id, type: job.type, schedule_id: job.schedule_id, version_id: job.version_id },
    });
    // Beats while the job runs, also for a runner that only runs jobs in requests (runNow).
    const beat = setInterval(() => void this.heartbeat().catch(() => undefined), HEARTBEAT_MS);
    beat.unref();
    let done: JobRow;
    try {
      run.checkStop();
      const outcome = await this.handlers[job.type](job, run, this.env);
      done = await this.finish(job, 'done', [], outcome);
    } catch (err) {
      const items = itemsOf(err);
      const state: JobState = err instanceof JobStopped ? 'stopped' : 'failed';
      // A batch stopped before its handler ran (or between its writes) still has queued items:
      // they are stopped too, as a stop of a queued job writes them (read afresh: the handler
      // may have written some).
      const settled =
        job.type === 'batch_versions' && state === 'stopped'
          ? await this.settleStoppedBatch(job).catch(() => job)
          : job;
      done = await this.finish(settled, state, items, {}).catch(() => ({ ...settled, state }));
    } finally {
      clearInterval(beat);
      this.active.delete(job.id);
    }
    return done;
  }

  private async finish(job: JobRow, state: JobState, errors: Item[], outcome: JobOutcome): Promise<JobRow> {
    const row = await this.env.db
      .updateTable('jobs')
      .set({
        state,
        progress: state === 'done' ? 100 : (this.active.get(job.id)?.progress ?? job.progress),
        errors: JSON.stringify(errors.map((e) => ({ code: e.code, params: e.params ?? {} }))),
        finished_at: new Date(),
        ...(outcome.version_id !== undefined ? { version_id: outcome.version_id } : {}),
        ...(outcome.file_id !== undefined ? { file_id: outcome.file_id } : {}),
      })
      .where('space_id', '=', job.space_id)
      .where('id', '=', job.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.finishEvent(row);
    return row;
  }
}
