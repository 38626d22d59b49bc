// The "Level resources" and "Clear levelling" commands of the workbench (issue 17): each one a
// server call that stores one step of the version's undo log (the levelling before and after at
// ['levelling', 'state']); the step joins the workbench's history (recordStored), so Ctrl+Z and
// Ctrl+Y send it back through the WBS batch path, after a reload too. Levelling runs as a
// level_resources job; its progress is polled from the job report. The result is kept in
// the version store (`levelled`): its starts are an input of the schedule worker (the rows' dates,
// floats and the Gantts follow), its former dates show the delay.
import { api } from '../../api';
import type { LevelOptionsInput, Levelling } from '../../api/levelling';
import type { Job } from '../../api/transfer';
import { call } from '../../app/api/call';
import { onLevellingPatches, recordStored } from '../workbench/data';
import type { StoredStep } from '../workbench/stored-step';
import { storedChange, whenSaved } from '../workbench/stored-step';
import { workbench } from '../workbench/store';
import type { LevelledBars } from '../workbench/store';

const POLL_MS = 400;

function barsOf(versionId: string, data: Levelling): LevelledBars {
  const dates = new Map<string, readonly [number, number]>();
  const starts: Record<string, number> = {};
  for (const r of data.items) {
    starts[r.wbs_id] = r.start;
    if (r.base_start !== null) dates.set(r.wbs_id, [r.base_start, r.base_finish ?? r.base_start]);
  }
  return { versionId, data, starts, dates };
}

/** Keeps a version's levelling in the store (when that version is still the one open). */
function keep(versionId: string, data: Levelling): void {
  if (workbench.get().versionId !== versionId) return;
  workbench.set({ levelled: data.levelled ? barsOf(versionId, data) : null });
}

/** Reads a version's levelling into the store. */
export async function loadLevelling(versionId: string): Promise<Levelling> {
  const data = await call(api.levelling.read, { params: { id: versionId } }, { silent: true });
  keep(versionId, data);
  return data;
}

// A levelling put back or set again on this page (an undo, a redo, another page's step): read
// once the batch carrying it is stored.
onLevellingPatches(() => {
  const versionId = workbench.get().versionId;
  if (versionId) setTimeout(() => whenSaved(() => void loadLevelling(versionId).catch(() => undefined)), 0);
});

/**
 * Puts a step the server stored on the history (applied here unless its live event did). A page
 * that read the version again meanwhile has it from the log already: not put twice.
 */
function record(step: StoredStep | undefined): void {
  const change = storedChange(step);
  if (!change) return;
  const top = workbench.get().history.undos.at(-1);
  const same = (x: object | undefined) => JSON.stringify(x);
  if (top && 'patches' in top && same(top.patches) === same(change.patches)) return;
  recordStored(change, true);
}

/** Waits for a job to end, telling its progress; a failed job throws with its first error text. */
async function finished(job: Job, onProgress: (p: number) => void): Promise<Job> {
  let j = job;
  while (j.state === 'queued' || j.state === 'running') {
    await new Promise((ok) => setTimeout(ok, POLL_MS));
    const list = await call(api.transfer.batchReport, { body: { job_ids: [job.id] } }, { silent: true });
    j = list[0] ?? j;
    onProgress(j.progress);
  }
  if (j.state !== 'done') throw new Error(j.errors[0]?.error_message ?? j.state);
  return j;
}

/** Levels the open version; answers the new levelling. One undoable step (kept by the server). */
export async function levelVersion(
  versionId: string,
  options: LevelOptionsInput,
  onProgress: (percent: number) => void = () => undefined,
): Promise<Levelling> {
  const startedAt = workbench.get().version?.revision ?? 0;
  const job = await call(api.levelling.level, { params: { id: versionId }, body: options });
  onProgress(job.progress);
  await finished(job, onProgress);
  const after = await loadLevelling(versionId);
  // The run's step is the log's newest action (unless others wrote since: their live events read
  // the version again, and the history rebuilt from the log holds it).
  const log = await call(
    api.wbsBatch.undoActions,
    { params: { id: versionId }, query: { limit: 1 } },
    { silent: true },
  );
  const last = log.items[0];
  if (last && last.label === 'resources:undo.level' && last.revision > startedAt)
    record({ revision: last.revision, entry: last.entry });
  return after;
}

/** Clears the open version's levelling: one undoable step (kept by the server). */
export async function clearLevelling(versionId: string): Promise<void> {
  const before = await call(api.levelling.clear, { params: { id: versionId } });
  keep(versionId, { ...before, levelled: false, items: [] });
  record(before.undo_step);
}
