// The dates the server stored with its last calculation, as the store's schedule snapshot: a
// calculated version opens with its bars and floats painted at once, from the same engine's
// results, and the worker's own pass replaces them when it lands (STYLE 5: derived, never edited).

import type { VersionColumns } from '../../api/versions';
import type { ScheduleSnapshot } from './schedule-snapshot';

/** The stored results, or null when the version is not calculated (its stored dates are stale). */
export function storedSchedule(content: VersionColumns, revision: number): ScheduleSnapshot | null {
  if (content.version.timetable_state !== 'calculated') return null;
  const c = content.items;
  const position = new Map<string, number>();
  const n = c.id.length;
  const es = new Int32Array(n).fill(-1);
  const ef = new Int32Array(n).fill(-1);
  const ls = new Int32Array(n).fill(-1);
  const lf = new Int32Array(n).fill(-1);
  const tf = new Int32Array(n);
  const ff = new Int32Array(n);
  const critical = new Uint8Array(n);
  let projectFinish = -1;
  for (let i = 0; i < n; i++) {
    const start = c.es[i];
    const finish = c.ef[i];
    if (start === null || start === undefined || finish === null || finish === undefined) continue;
    position.set(c.id[i]!, i);
    es[i] = start;
    ef[i] = finish;
    ls[i] = c.ls[i] ?? -1;
    lf[i] = c.lf[i] ?? -1;
    tf[i] = c.tf[i] ?? 0;
    ff[i] = c.ff[i] ?? 0;
    critical[i] = c.critical[i] ? 1 : 0;
    if (finish > projectFinish) projectFinish = finish;
  }
  if (position.size === 0) return null;
  return {
    revision,
    position,
    es,
    ef,
    ls,
    lf,
    tf,
    ff,
    critical,
    projectFinish,
    error: null,
    errorIds: [],
    ms: 0,
  };
}
