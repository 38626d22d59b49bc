// Setting and re-applying the page's filter: the rows it shows, and the visible view through them.
// Applied when it is set, after every load of the version, and once more when the schedule of the
// loaded data arrives if it reads dates, floats or indicators (see filter.ts).
//
// With a filter worker provided (provideFilterWorker: the schedule page's worker) a filter over
// stored values only (row-fields.ts; no indicator, no calculated attribute) is evaluated there,
// off the main thread: the filter is set at once, its rows arrive as positions (Int32Arrays) and
// are put in view if nothing changed meanwhile (the rows, the expanded rows, the filter). Any
// other filter, a worker whose rows are not these, or a change meanwhile: evaluated here (the same
// evaluation over positions, filter.ts).

import { preorderTree, readsRowsOnly, viewOfPositions, type FilterExpr } from '../../domain/filter';
import { filterRequest, type FilterReply, type FilterRequest } from '../../workers/filter-core';
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

type FilterWorker = (req: FilterRequest) => Promise<FilterReply | null>;
let filterWorker: FilterWorker | null = null;
/** The newest off-thread request; an older answer is dropped. */
let asked = 0;

/** Evaluate eligible filters in a worker from now on; the returned function stops it. */
export function provideFilterWorker(run: FilterWorker): () => void {
  filterWorker = run;
  return () => {
    if (filterWorker === run) filterWorker = null;
  };
}

/** Apply `filter` (null: show everything) to the current rows and schedule. */
export function setFilter(filter: ActiveFilter | null): void {
  asked++;
  const s = workbench.get();
  const run = filterWorker;
  const expr = filter?.expr;
  // Stored values only: no indicator, no schedule or calendar column, no calculated value yet.
  const calculated = () => s.formulaValues.size > 0;
  if (run && filter && expr && !filter.indicator && readsRowsOnly(expr, calculated))
    applyOffThread(run, filter, expr);
  else applySync(filter);
}

function applySync(filter: ActiveFilter | null): void {
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

function applyOffThread(run: FilterWorker, filter: ActiveFilter, expr: FilterExpr): void {
  const s = workbench.get();
  const ticket = asked;
  const tree = preorderTree(s.wbs.index);
  workbench.set({ filter, filterWaitsForSchedule: false });
  const answer = (reply: FilterReply | null) => {
    const now = workbench.get();
    if (ticket !== asked || now.filter !== filter) return; // a newer filter or none
    if (!reply || now.wbs !== s.wbs || reply.size !== tree.ids.length) return applySync(filter);
    const shown = new Set<string>();
    for (const p of reply.shown) shown.add(tree.ids[p]!);
    const arrange = arrangeOf(now);
    workbench.set({
      filterShown: shown,
      visible:
        arrange || now.expanded !== s.expanded
          ? viewOf(now.wbs.index, now.expanded, shown, arrange)
          : viewOfPositions(tree, reply.visible),
    });
  };
  run(filterRequest(expr, tree, s.expanded)).then(answer, () => answer(null));
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
