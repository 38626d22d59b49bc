// What a click on a chart's point opens: the schedule grid filtered to the rows behind the point.
// The grid's `filter` parameter reads `start` and `finish` as the early dates in YYYY-MM-DD text
// (src/state/workbench/filter.ts), so "active in [from, to)" is start before `to`'s day and finish
// on or after `from`'s day; summaries are left out (the grid shows a match's ancestors anyway).
import type { FilterGroup } from '../filter/operators';
import { formatDate } from '../format';

export function periodFilter(from: number, to: number): FilterGroup {
  return {
    match: 'all',
    conditions: [
      { field: 'type', op: 'ne', value: 'sum' },
      { field: 'start', op: 'lt', value: formatDate(to, 'YYYY-MM-DD') },
      { field: 'finish', op: 'gte', value: formatDate(from, 'YYYY-MM-DD') },
    ],
  };
}
