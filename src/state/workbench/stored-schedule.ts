// The dates the server stored with its last calculation, as the store's schedule snapshot: a
// calculated version opens with its bars and floats painted at once, from the same engine's
// results, and the worker's own pass replaces them when it lands (STYLE 5: derived, never edited).
// Dates are shown as the worker shows them: at the actual dates where there are some
// (src/domain/schedule/shown-dates.ts).

import type { VersionColumns } from '../../api/versions';
import { deepestFirst } from '../../domain/schedule/roll-up';
import { shownFinish, shownStart } from '../../domain/schedule/shown-dates';
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
  // One record, refilled per row (100k rows allocate nothing).
  const actuals = { actualStart: null as number | null, actualFinish: null as number | null };
  for (let i = 0; i < n; i++) {
    const start = c.es[i];
    const finish = c.ef[i];
    if (start === null || start === undefined || finish === null || finish === undefined) continue;
    position.set(c.id[i]!, i);
    actuals.actualStart = c.actual_start[i] ?? null;
    actuals.actualFinish = c.actual_finish[i] ?? null;
    es[i] = shownStart(actuals, start);
    ef[i] = shownFinish(actuals, finish);
    ls[i] = c.ls[i] ?? -1;
    lf[i] = c.lf[i] ?? -1;
    tf[i] = c.tf[i] ?? 0;
    ff[i] = c.ff[i] ?? 0;
    critical[i] = c.critical[i] ? 1 : 0;
    if (finish > projectFinish) projectFinish = finish;
  }
  if (position.size === 0) return null;
  const percentComplete = rolledUpPercent(c);
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
    percentComplete,
    projectFinish,
    ms: 0,
  };
}

/**
 * Percent complete as the engine rolls it up (src/domain/schedule/roll-up.ts), which the server
 * does not store: a row's own (100 once it has an actual finish), a summary's weighted by the
 * planned duration of the rows under it (a plain mean when they are all milestones). Rows are
 * visited in the engine's order (deepest first), each handing its values to its parent once: O(n).
 */
function rolledUpPercent(c: VersionColumns['items']): Float32Array {
  const n = c.id.length;
  const { parent, node_type: type, duration, percent, actual_finish: finished } = c;
  const order = deepestFirst(parent, true);
  const out = new Float32Array(n);
  const weight = new Float64Array(n);
  const done = new Float64Array(n);
  const count = new Float64Array(n);
  const sum = new Float64Array(n);
  for (const i of order) {
    const t = type[i];
    if (t === 'draft') continue; // not scheduled
    const own = finished[i] !== null && finished[i] !== undefined ? 100 : percent[i]!;
    out[i] =
      t === 'sum' && count[i]! > 0 ? (weight[i]! > 0 ? done[i]! / weight[i]! : sum[i]! / count[i]!) : own;
    const p = parent[i]!;
    if (p < 0) continue;
    if (t !== 'sum') {
      const w = t === 'milestone_start' || t === 'milestone_finish' ? 0 : duration[i]!;
      weight[p]! += w;
      done[p]! += w * own;
      count[p]!++;
      sum[p]! += own;
    }
    weight[p]! += weight[i]!;
    done[p]! += done[i]!;
    count[p]! += count[i]!;
    sum[p]! += sum[i]!;
  }
  return out;
}
