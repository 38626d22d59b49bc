// Follows a job: live events (import / export / timetable_calculate, batch_finish) move the
// progress bar; a slow poll of the job report covers a socket that is down or late.
import type { Job } from '../../api/transfer';
import { liveEvents } from '../../app/api/live';
import { jobReport } from './api';

export type JobView = Pick<Job, 'id' | 'state' | 'progress' | 'version_id' | 'file_id' | 'errors'>;

const FINAL: readonly Job['state'][] = ['done', 'failed', 'stopped'];
const POLL_MS = 1500;

export const isFinal = (state: Job['state']) => FINAL.includes(state);

/** Calls onUpdate with each news of the job until it finishes; returns the unsubscribe. */
export function watchJob(start: JobView, onUpdate: (job: JobView) => void): () => void {
  let current = start;
  let closed = false;
  const update = (next: Partial<JobView>) => {
    if (closed) return;
    // Progress never runs backwards (a late poll after a fresher event).
    const progress = Math.max(current.progress, next.progress ?? 0);
    current = { ...current, ...next, progress: next.state === 'done' ? 100 : progress };
    onUpdate(current);
    if (isFinal(current.state)) stop();
  };
  const off = liveEvents.subscribe((e) => {
    const p = e.payload as Partial<JobView> & { job_id?: string };
    if (p.job_id !== start.id) return;
    // A failure's events carry raw error items; the report has their texts, so it ends the watch.
    if (p.state === 'failed' || p.state === 'stopped') {
      void poll();
      return;
    }
    update({
      state: p.state ?? current.state,
      ...(typeof p.progress === 'number' ? { progress: p.progress } : {}),
      ...(p.version_id !== undefined ? { version_id: p.version_id } : {}),
      ...(p.file_id !== undefined ? { file_id: p.file_id } : {}),
    });
  });
  const poll = async () => {
    try {
      const job = await jobReport(start.id);
      if (job) update(job);
    } catch {
      // The next tick tries again.
    }
  };
  const timer = setInterval(() => void poll(), POLL_MS);
  function stop() {
    closed = true;
    off();
    clearInterval(timer);
  }
  return stop;
}
