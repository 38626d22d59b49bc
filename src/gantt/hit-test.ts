// Hit-testing against the same geometry the bars are drawn with.
//   'link'  – the handle right of a bar's end: drag to another bar to create a relation
//   'end'   – the last few pixels of a task bar: drag to change the duration
//   'body'  – the rest of a bar: drag to move it (a not_earlier start constraint)
//   'sum'   – a summary bar: hover (tooltip) only, summaries are not dragged
//   'row'   – a row with no bar under the pointer

import type { GanttBar, GanttFrame } from './frame';
import { barBox, linkHandle } from './geometry';

export type HitZone = 'link' | 'end' | 'body' | 'sum' | 'row';

export interface Hit {
  readonly zone: HitZone;
  readonly row: number;
  readonly bar: GanttBar | null;
}

const END_GRIP = 5;

export function hitTest(frame: GanttFrame, x: number, y: number): Hit | null {
  if (y < frame.headerHeight || y > frame.height || x < 0 || x > frame.width) return null;
  const row = Math.floor((y - frame.headerHeight + frame.scrollTop) / frame.rowHeight);
  if (row < 0 || row >= frame.rowCount) return null;
  const bar = frame.bars.find((b) => b.row === row) ?? null;
  if (!bar) return { zone: 'row', row, bar: null };
  const box = barBox(frame, bar);
  if (!box) return { zone: 'row', row, bar };
  const h = linkHandle(box);
  if (bar.kind !== 'sum' && Math.hypot(x - h.x, y - h.y) <= h.r + 3) return { zone: 'link', row, bar };
  if (x < box.x0 - 2 || x > box.x1 + 2 || y < box.y0 - 3 || y > box.y1 + 3) return { zone: 'row', row, bar };
  if (bar.kind === 'task' && x >= box.x1 - END_GRIP) return { zone: 'end', row, bar };
  if (bar.kind === 'sum') return { zone: 'sum', row, bar };
  return { zone: 'body', row, bar };
}

export function cursorFor(hit: Hit | null): string {
  switch (hit?.zone) {
    case 'link':
      return 'crosshair';
    case 'end':
      return 'ew-resize';
    case 'body':
      return 'grab';
    default:
      return 'default';
  }
}
