// Setting and re-applying the page's filter: the rows it shows, and the visible view through them.
// Applied when it is set, after every load of the version, and once more when the schedule of the
// loaded data arrives if it reads dates, floats or indicators (see filter.ts).

import type { FilterExpr } from '../../domain/filter';
import { textContext } from './commands-edit';
import { viewOf } from './data';
import { filterShownRows, type ActiveFilter } from './filter';
import { workbench } from './store';
import { arrangeOf } from './arrange';

const SCHEDULE_FIELDS = new Set([
  'start',
  'finish',
  'total_float',
  'free_float',
  'start_float',
  'finish_float',
  'critical',
]);

function readsSchedule(e: FilterExpr | null): boolean {
  if (!e) return false;
  if ('conditions' in e) return e.conditions.some(readsSchedule);
  return SCHEDULE_FIELDS.has(e.field);
}

/** Apply `filter` (null: show everything) to the current rows and schedule. */
export function setFilter(filter: ActiveFilter | null): void {
  const s = workbench.get();
  const shown = filter ? filterShownRows(s, filter, textContext(s).hoursPerDay) : null;
  const current = s.schedule !== null && s.schedule.revision === s.dataRevision;
  const needs = filter !== null && (filter.indicator !== null || readsSchedule(filter.expr));
  workbench.set({
    filter,
    filterShown: shown,
    visible: viewOf(s.wbs.index, s.expanded, shown, arrangeOf(s)),
    filterWaitsForSchedule: needs && !current,
  });
}

/** Apply the current filter again (rows edited meanwhile leave the view if they no longer pass). */
export function reapplyFilter(): void {
  setFilter(workbench.get().filter);
}

/** Keeps the filter applied: after each load, and when a waited-for schedule arrives. */
export function followFilter(): () => void {
  return workbench.subscribe((s, prev) => {
    if (!s.filter) return;
    if (s.loads !== prev.loads) setFilter(s.filter);
    // Calculated attributes arrive from the worker after a load: the filter reads them then.
    else if (prev.formulaValues.size === 0 && s.formulaValues.size > 0) setFilter(s.filter);
    // The curator's accepted dates arrive after a load too.
    else if (s.curatorDates !== prev.curatorDates) setFilter(s.filter);
    else if (
      s.filterWaitsForSchedule &&
      s.schedule !== prev.schedule &&
      s.schedule?.revision === s.dataRevision
    )
      setFilter(s.filter);
  });
}
