// The "Level resources" and "Clear levelling" commands of the workbench (issue 17): each one a
// server call and one step of the workbench's undo history (recordExternal) whose undo puts the
// levelling back as it was (PUT versions/{id}/levelling) and whose redo sets it again. Levelling
// runs as a level_resources job; its progress is polled from the job report. The result is kept in
// the version store (`levelled`): its starts are an input of the schedule worker (the rows' dates,
// floats and the Gantts follow), its former dates show the delay.
import { api } from '../../api';
import type { LevelOptionsInput, Levelling, LevellingRestore } from '../../api/levelling';
import type { Job } from '../../api/transfer';
import { call } from '../../app/api/call';
import { recordExternal } from '../workbench/data';
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

const restoreOf = (l: Levelling): LevellingRestore => ({
  options: l.options,
  stats: l.stats,
  revision: l.revision,
  items: l.items,
});

async function restore(versionId: string, l: Levelling): Promise<void> {
  const data = await call(api.levelling.restore, { params: { id: versionId }, body: restoreOf(l) });
  keep(versionId, data);
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

/** Levels the open version; answers the new levelling. One undoable step. */
export async function levelVersion(
  versionId: string,
  options: LevelOptionsInput,
  onProgress: (percent: number) => void = () => undefined,
): Promise<Levelling> {
  const before = await call(api.levelling.read, { params: { id: versionId } }, { silent: true });
  const job = await call(api.levelling.level, { params: { id: versionId }, body: options });
  onProgress(job.progress);
  await finished(job, onProgress);
  const after = await loadLevelling(versionId);
  recordExternal('resources:undo.level', {
    undo: () => restore(versionId, before),
    redo: () => restore(versionId, after),
  });
  return after;
}

/** Clears the open version's levelling (undo puts it back). */
export async function clearLevelling(versionId: string): Promise<void> {
  const before = await call(api.levelling.clear, { params: { id: versionId } });
  keep(versionId, { ...before, levelled: false, items: [] });
  if (!before.levelled) return;
  recordExternal('resources:undo.clearLevelling', {
    undo: () => restore(versionId, before),
    redo: async () => {
      await call(api.levelling.clear, { params: { id: versionId } });
      keep(versionId, { ...before, levelled: false, items: [] });
    },
  });
}
