// Dragging an assignment's bar in the resource Gantt moves its row, as a bar drag of the task Gantt
// does (a not-earlier start limit, one command and one undo step through the workbench's edit
// loop: bar-commands.moveBar). Pure geometry here: whether a press is on the bar, and the move.
import type { Timescale } from './timescale';
import { pxPerMinute, snapToDay, timeToX } from './timescale';

/** Pixels either side of a short bar that still take a press. */
const SLOP = 3;

/** Whether viewport x lies on the bar of [start, finish). */
export function onBar(ts: Timescale, start: number, finish: number, x: number): boolean {
  if (!Number.isFinite(start) || !Number.isFinite(finish)) return false;
  return x >= timeToX(ts, start) - SLOP && x <= timeToX(ts, Math.max(start, finish)) + SLOP;
}

/** The move of a drag from x0 to x, in whole days (as the task Gantt snaps it). */
export function dragMinutes(ts: Timescale, x0: number, x: number): number {
  return snapToDay((x - x0) / pxPerMinute(ts));
}
