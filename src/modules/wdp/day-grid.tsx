// The geometry and the day headings shared by the day matrix and the resources' day view: both
// scroll the same day columns beside the same name column.
import type { ReactNode } from 'react';
import { type DateLang, formatDate } from '../../domain/format';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';

export const ROW_H = 24;
export const COL_W = 48;
export const LEFT_W = 260;

/**
 * Headings of the day columns c0 (inclusive) to c1 (exclusive), day 0 being `firstDay`, the
 * columns starting `left` px from the matrix's edge.
 */
export function dayHeadings(
  c0: number,
  c1: number,
  firstDay: number,
  lang: DateLang,
  left = LEFT_W,
): ReactNode[] {
  const out: ReactNode[] = [];
  for (let c = c0; c < c1; c++) {
    const m = (firstDay + c) * MINUTES_PER_DAY;
    out.push(
      <div
        key={c}
        className="wdp-day-h"
        style={{ left: left + c * COL_W, width: COL_W }}
        title={formatDate(m, 'DD.MM.YYYY', lang)}
      >
        {formatDate(m, 'DD.MM', lang)}
      </div>,
    );
  }
  return out;
}
