// Setting and re-applying the page's filter: the rows it shows, and the visible view through them.
// Applied when it is set, after every load of the version, and once more when the schedule of the
// loaded data arrives if it reads dates, floats or indicators (see filter.ts).
//
// With a filter worker provided (provideFilterWorker: the schedule page's worker, through its
// ScheduleRunner, which holds a request back until the worker has been sent the document it reads)
// every filter — stored values, dates, floats, durations, statuses, accepted dates, calculated
// attributes, `filter_indicator` — is evaluated there, off the main thread, over the worker's own
// rows, pass and calculated values (workers/filter-core.ts): the filter is set at once, its rows
// arrive as positions (Int32Arrays) and are put in view if nothing changed meanwhile (the rows,
// the expanded rows, the filter). A worker whose rows are not these, or a change meanwhile:
// evaluated here (the same evaluation over positions, filter.ts). The project grid provides a
// worker too: a filter host holding its merged document and the dates it made (host-filter.ts);
// that worker reads the store's dates, so a filter on dates asked before them runs again when
// they arrive, as one evaluated here does.

import { CURATOR_COLUMNS } from './curator-dates';
import {
  preorderTree,
  readsAny,
  viewOfPositions,
  SCHEDULE_COLUMNS,
  type PreorderTree,
} from '../../domain/filter';
import { QUALITY_INDICATORS } from '../../domain/indicators/grid-filter';
import {
  filterRequest,
  type FilterReply,
  type FilterRequest,
  type HoursTable,
  type RequestExtras,
} from '../../workers/filter-core';
import { textContext } from './commands-edit';
import { viewOf } from './data';
import { filterShownRows, type ActiveFilter } from './filter';
import { workbench, type WorkbenchState } from './store';
import { arrangeOf } from './arrange';

type FilterWorker = (req: FilterRequest) => Promise<FilterReply | null>;
let filterWorker: FilterWorker | null = null;
/** The worker reads the store's dates (not a pass of its own): a filter on dates waits for them. */
let workerReadsStore = false;
/** The newest off-thread request; an older answer is dropped. */
let asked = 0;

/**
 * Evaluate filters in a worker from now on; the returned function stops it. `storeSchedule`: the
 * worker reads the dates the store holds (host-filter.ts) rather than a pass of its own.
 */
export function provideFilterWorker(run: FilterWorker, opts: { storeSchedule?: boolean } = {}): () => void {
  filterWorker = run;
  workerReadsStore = opts.storeSchedule ?? false;
  return () => {
    if (filterWorker === run) filterWorker = null;
  };
}

/** The filter reads dates, floats or an indicator, and the store's dates are not of its rows yet. */
function waitsForSchedule(s: WorkbenchState, filter: ActiveFilter | null): boolean {
  const current = s.schedule !== null && s.schedule.revision === s.dataRevision;
  const needs =
    filter !== null &&
    (filter.indicator !== null || (!!filter.expr && readsAny(filter.expr, (f) => SCHEDULE_COLUMNS.has(f))));
  return needs && !current;
}

/** Apply `filter` (null: show everything) to the current rows and schedule. */
export function setFilter(filter: ActiveFilter | null): void {
  asked++;
  const run = filterWorker;
  if (run && filter) applyOffThread(run, filter);
  else applySync(filter);
}

function applySync(filter: ActiveFilter | null): void {
  const s = workbench.get();
  const shown = filter ? filterShownRows(s, filter, textContext(s).hoursPerDay) : null;
  workbench.set({
    filter,
    filterShown: shown,
    visible: viewOf(s.wbs.index, s.expanded, shown, arrangeOf(s)),
    filterWaitsForSchedule: waitsForSchedule(s, filter),
  });
}

/** Hours per day of the store's calendars, as the main thread's reader finds them. */
function hoursTable(s: WorkbenchState): HoursTable {
  const hoursPerDay = textContext(s).hoursPerDay;
  const byId: Record<string, number> = {};
  for (const c of s.calendars) byId[c.id] = hoursPerDay(c.id);
  return { byId, fallback: hoursPerDay(null) };
}

/** What only the main thread holds, by position of its preorder, for what the filter reads. */
export function requestExtras(s: WorkbenchState, filter: ActiveFilter, tree: PreorderTree): RequestExtras {
  const n = tree.ids.length;
  let accepted: RequestExtras['accepted'] = null;
  if (filter.expr && readsAny(filter.expr, (f) => CURATOR_COLUMNS.includes(f))) {
    const start = new Float64Array(n).fill(NaN);
    const finish = new Float64Array(n).fill(NaN);
    if (s.curatorDates.size > 0)
      for (let p = 0; p < n; p++) {
        const d = s.curatorDates.get(tree.ids[p]!);
        if (!d) continue;
        start[p] = d.start ?? NaN;
        finish[p] = d.finish ?? NaN;
      }
    accepted = { start, finish };
  }
  let target: RequestExtras['target'] = null;
  const ind = filter.indicator;
  const dates = s.target?.dates;
  if (dates && ind && (ind === 'delayed' || (QUALITY_INDICATORS as readonly string[]).includes(ind))) {
    const has = new Uint8Array(n);
    const start = new Float64Array(n);
    const finish = new Float64Array(n);
    for (let p = 0; p < n; p++) {
      const d = dates.get(tree.ids[p]!);
      if (!d) continue;
      has[p] = 1;
      start[p] = d[0];
      finish[p] = d[1];
    }
    target = { has, start, finish };
  }
  return {
    indicator: filter.indicator,
    revision: s.dataRevision,
    hours: hoursTable(s),
    accepted,
    target,
    dataDate: s.version?.data_date ?? null,
  };
}

function applyOffThread(run: FilterWorker, filter: ActiveFilter): void {
  const s = workbench.get();
  const ticket = asked;
  const tree = preorderTree(s.wbs.index);
  workbench.set({ filter, filterWaitsForSchedule: workerReadsStore && waitsForSchedule(s, filter) });
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
  run(filterRequest(filter.expr, tree, s.expanded, requestExtras(s, filter, tree))).then(answer, () =>
    answer(null),
  );
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
