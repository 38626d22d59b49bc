// The problem on the reversed time axis t' = H - 1 - t, for everything that schedules backwards
// (latest dates, the backward pass of the justification). An activity on [S, F) sits on
// [H - F, H - S) there; relations point the other way with start and finish swapped (FS stays FS,
// SS becomes FF and FF becomes SS, SF stays SF); calendars are mirrored views of the same tables,
// so every calendar of the problem must cover the same H ticks (continuous ones cover any).
// Releases of the mirror are left at 0: callers set them per pass (the latest finish to respect).

import { buildProblem, FF, FS, SF, SS, type Problem, type UseSpec } from './problem';

const SWAP = [FS, FF, SS, SF];

/** The mirrored problem over H ticks; fixed activities sit where `fixedStart` puts them. */
export function mirrorProblem(p: Problem, H: number, fixedStart: ArrayLike<number> = p.release): Problem {
  const uses: UseSpec[] = [];
  for (let j = 0; j < p.n; j++)
    for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) {
      const sh = p.useShape[u];
      uses.push({
        activity: j,
        resource: p.useRes[u],
        amount: p.useAmt[u],
        shape: sh < 0 ? undefined : p.shapes.slice(sh, sh + p.dur[j]).reverse(),
      });
    }
  const release = new Int32Array(p.n);
  for (let j = 0; j < p.n; j++)
    if (p.fixed[j]) release[j] = H - p.calendars[p.cal[j]].finish(fixedStart[j], p.dur[j]);
  return buildProblem({
    durations: p.dur,
    capacity: p.capacity,
    capacityWindows: p.capacityWindows.map((w) => ({ ...w, from: H - w.to, to: H - w.from })),
    uses,
    relations: Array.from({ length: p.m }, (_, r) => ({
      pred: p.rSucc[r],
      succ: p.rPred[r],
      type: SWAP[p.rType[r]],
      lag: p.rLag[r],
      lagCalendar: p.rLagCal[r],
    })),
    calendars: p.calendars.map((c) => c.mirror()),
    activityCalendar: p.cal,
    release,
    fixed: p.fixed,
    snapZero: p.snap,
    resourceCalendar: p.resCal,
    // Reversed, the calendars' exceptions lie at the far end: no period covers them. The mirror
    // only serves the improvement (backward passes of the justification), whose schedules are
    // compared and checked forwards, so a bounded search there (four periods past the last
    // booking) can only cost an improvement, never make a reported schedule wrong.
    calendarPeriod: 4 * p.calendarPeriod,
    periodicFrom: 0,
  });
}

/** Where the mirror puts the origin: the common end of the problem's calendar tables, or `fallback`. */
export function mirrorSpan(p: Problem, fallback: number): number {
  let h = 0;
  for (const c of p.calendars) if (!c.continuous) h = Math.max(h, c.end);
  return h > 0 ? h : fallback;
}
