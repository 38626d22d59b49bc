// Issue 20's filter budget: "100k rows filter in ≤ 100 ms". A generated 100k-row version (the WBS
// benchmark's generator) with a zone attribute and colours; a filter with AND/OR groups over
// eleven of the 20 operators (text like, range, list, colours, a subtree sum …) over fields the
// domain and the workbench's columns name alike (name, code, volume, price, color, attr:*: the
// filter the worker answers; before 28 Nov 2026 it read duration and percentComplete), applied as the
// workbench applies it: build the predicate (subtree sums for sum operators), keep the rows that
// match and their ancestors, flatten the shown tree. Pure domain code (src/domain/filter), in Node:
// the same code the worker runs (src/workers/filter-core.ts). Two paths in the same run, rounds
// alternating: `old` (string-keyed: Map of subtree sums, Set of shown ids, id list) and `new`
// (positions.ts: typed arrays by preorder position, the view as an Int32Array; `tree` is the
// preorder numbering, built once per tree index and cached, timed here uncached). Self-checking:
// both paths give the same shown rows and view, and the shown set is checked against a plain scan.
// `worker`: the filter as the schedule worker answers it (filter-core.ts runFilter, in-process
// here, its tree cached as the worker's is between requests: `worker.run`), and the main thread's
// share around it (`worker.main_request`: the request's expanded flags by position, then the shown id set
// and the view from the answer's Int32Arrays); the copy between threads is not timed.
// `dated.*` (since 28 Nov 2026, issue 20's worker filter on schedule-derived columns): the same
// filter with one more AND group on the schedule's dates and floats (start before the last day of the starts,
// total float < 5 days), which the worker answers from its own pass: `dated.worker.*` as above
// (ScheduleCore opened on the version in-process, the filter over its rows and dates) and
// `dated.main` (the main thread's evaluation over the store's schedule snapshot,
// state/workbench/filter.ts filterShownPositions), self-checked equal.
// `host.*` (since 29 Nov 2026, the project grid's filter in a worker): the dated filter as the
// project grid's filter host answers it (workers/filter-host.ts: a DocMirror of the document and
// the dates the main thread hands over, here the store's snapshot of the same pass), in-process;
// once per run the main thread's packing of the document for the host (`host.once.pack`), the
// host's open (`host.once.open`) and the dates as the main thread hands them (`host.once.dates`:
// ids by engine position from the snapshot); per round `host.dated.*` as `dated.worker.*`,
// self-checked equal to the main thread's evaluation.
// Prints one JSON object: per path and step, median / min wall and median CPU time.
// Run: npm run --silent bench -- filter
import { loadavg } from 'node:os';
import {
  flattenFiltered,
  positionPredicate,
  preorderTree,
  rowsToShow,
  shownIds,
  shownPositions,
  viewOfPositions,
  visiblePositions,
  wbsPositionReader,
  wbsPredicate,
  type FilterGroup,
} from '../src/domain/filter';
import { buildTreeIndex } from '../src/domain/wbs/tree-index';
import { filterRequest, runFilter, type FilterReply } from '../src/workers/filter-core';
import { ScheduleCore } from '../src/workers/schedule-core';
import { FilterHost } from '../src/workers/filter-host';
import { packDoc } from '../src/workers/doc-pack';
import { workerScheduleOf } from '../src/state/workbench/host-filter';
import { standardCalendarDef } from '../src/domain/calendar';
import { defaultScheduleOptions } from '../src/domain/schedule/default-options';
import { formatDate } from '../src/domain/format';
import { filterShownPositions, type ActiveFilter } from '../src/state/workbench/filter';
import type { WorkbenchState } from '../src/state/workbench/store';
import { wbsState } from '../src/domain/wbs/change';
import { expandToLevel } from '../src/domain/wbs/view';
import { generateWbs } from '../tests/domain/wbs/generate';

const ROWS = 100_000;
const REPEAT = 15;
const ZONES = Array.from({ length: 12 }, (_, i) => `Zone ${i + 1}`);
const COLORS = ['#ff0000', '#00aa00', '#0000ff', null];

const doc = generateWbs(ROWS, { seed: 11, fanout: [10, 20], relationsPerTask: 1.5 });
let i = 0;
for (const row of doc.rows.values()) {
  // Attributes and colours as a planner's version carries them (the generator leaves them empty).
  (row as { attributes: Record<string, unknown> }).attributes = { zone: ZONES[i % 12], crew: i % 7 };
  (row as { color: string | null }).color = COLORS[i % 4] ?? null;
  (row as { price: number | null }).price = (i * 37) % 1000;
  i++;
}
const state = wbsState(doc);
const expanded = expandToLevel(state.index, Infinity);

const filter: FilterGroup = {
  match: 'any',
  conditions: [
    {
      match: 'all',
      conditions: [
        { field: 'name', op: 'like', value: 'a' },
        { field: 'volume', op: 'range', from: 200, to: 600 },
        { field: 'attr:zone', op: 'filter_by_list', values: ['Zone 2', 'Zone 5', 'Zone 9'] },
        { field: 'color', op: 'exclude_colors', values: ['#0000ff'] },
      ],
    },
    {
      match: 'all',
      conditions: [
        { field: 'attr:crew', op: 'gte', value: 5 },
        { field: 'code', op: 'not_like', value: '9' },
        { field: 'volume', op: 'sum_exists' },
        { field: 'color', op: 'colors', values: ['#ff0000'] },
      ],
    },
    { field: 'attr:zone', op: 'eq_text', value: 'Zone 12' },
    { field: 'price', op: 'gt', value: 990 },
    { field: 'attr:note', op: 'exists' },
  ],
};

// The worker's copy of the version, scheduled (as the schedule worker holds it).
const calendars = [standardCalendarDef('standard')];
const core = new ScheduleCore();
const pass = core.open(state.doc, calendars, defaultScheduleOptions(9501 * 1440, 'standard'), 1);
if (!pass.ids || pass.failure) throw new Error('benchmark: the version did not schedule');
const source = core.rowsForFilter()!;
const sortedStarts = Int32Array.from(pass.es.filter((v) => v >= 0)).sort();
// The generated network's starts bunch at its last day (its limits): rows starting before it.
const medianStart = formatDate(sortedStarts[0]!, 'YYYY-MM-DD');
const startPlus60 = formatDate(sortedStarts.at(-1)! - 1440, 'YYYY-MM-DD');
const dated: FilterGroup = {
  match: 'any',
  conditions: [
    ...filter.conditions,
    {
      match: 'all',
      conditions: [
        { field: 'start', op: 'range', from: medianStart, to: startPlus60 },
        { field: 'total_float', op: 'lt', value: 5 },
      ],
    },
  ],
};
// The main thread's store as the schedule page holds it after the pass.
const position = new Map<string, number>();
pass.ids.forEach((id, k) => position.set(id, k));
const store = {
  wbs: state,
  schedule: { ...pass, position },
  curatorDates: new Map(),
  formulaValues: new Map(),
  target: null,
  version: null,
} as unknown as WorkbenchState;
const datedActive: ActiveFilter = { expr: dated, indicator: null, key: 'dated' };
const hours = { byId: { standard: 8 }, fallback: 8 };

const samples = new Map<string, { wall: number[]; cpu: number[] }>();
function measure<T>(label: string, fn: () => T): T {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  let s = samples.get(label);
  if (!s) samples.set(label, (s = { wall: [], cpu: [] }));
  s.wall.push(wall);
  s.cpu.push((c.user + c.system) / 1000);
  return r;
}
const round = (x: number) => Math.round(x * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

function total(label: string, fn: () => void): void {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  let s = samples.get(label);
  if (!s) samples.set(label, (s = { wall: [], cpu: [] }));
  s.wall.push(performance.now() - t0);
  s.cpu.push((c.user + c.system) / 1000);
}

// The project grid's filter host, opened once (as the page does after a load).
const host = new FilterHost();
measure('host.once.pack', () => packDoc(state.doc));
measure('host.once.open', () => host.open(state.doc));
measure('host.once.dates', () => host.setSchedule(workerScheduleOf(store.schedule)));

let shownCount = 0;
let viewCount = 0;
let fastView: Int32Array = new Int32Array(0);
let datedShown = 0;
for (let r = 0; r < REPEAT; r++) {
  total('old.total', () => {
    const predicate = measure('old.predicate', () => wbsPredicate(filter, state.index, state.doc.rows));
    const shown = measure('old.match', () => rowsToShow(state.doc.rows, predicate));
    const view = measure('old.flatten', () => flattenFiltered(state.index, expanded, shown));
    shownCount = shown.size;
    viewCount = view.ids.length;
  });
  // A fresh index object each round, so the preorder numbering is built (not read from its cache).
  const index = { children: state.index.children };
  total('new.total', () => {
    const tree = measure('new.tree', () => preorderTree(index));
    const test = measure('new.predicate', () =>
      positionPredicate(filter, tree, wbsPositionReader(tree, state.doc.rows)),
    );
    const shown = measure('new.match', () => shownPositions(tree, test));
    fastView = measure('new.flatten', () => visiblePositions(tree, shown, (p) => expanded.has(tree.ids[p]!)));
  });
  const mainTree = preorderTree(state.index);
  let reply: FilterReply | null = null;
  total('worker.total', () => {
    const req = measure('worker.main_request', () => filterRequest(filter, mainTree, expanded));
    reply = measure('worker.run', () => runFilter(source, req));
    measure('worker.main_answer', () => {
      const shownSet = new Set<string>();
      for (const p of reply!.shown) shownSet.add(mainTree.ids[p]!);
      return viewOfPositions(mainTree, reply!.visible);
    });
  });
  const answered = reply as FilterReply | null;
  if (!answered || answered.visible.join() !== fastView.join())
    throw new Error('benchmark self-check failed: the worker answer differs');

  let datedReply: FilterReply | null = null;
  total('dated.worker.total', () => {
    const req = measure('dated.worker.main_request', () =>
      filterRequest(dated, mainTree, expanded, { revision: 1, hours }),
    );
    datedReply = measure('dated.worker.run', () => runFilter(source, req));
    measure('dated.worker.main_answer', () => {
      const shownSet = new Set<string>();
      for (const p of datedReply!.shown) shownSet.add(mainTree.ids[p]!);
      return viewOfPositions(mainTree, datedReply!.visible);
    });
  });
  const mainShown = measure('dated.main', () => filterShownPositions(store, datedActive, () => 8, mainTree));
  const got = datedReply as FilterReply | null;
  const want: number[] = [];
  for (let p = 0; p < mainShown.length; p++) if (mainShown[p] === 1) want.push(p);
  if (!got || got.shown.join() !== want.join())
    throw new Error(
      'benchmark self-check failed: the dated filter differs between the worker and the main thread',
    );
  datedShown = want.length;

  let hostReply: FilterReply | null = null;
  total('host.dated.total', () => {
    const req = measure('host.dated.main_request', () =>
      filterRequest(dated, mainTree, expanded, { revision: 1, hours }),
    );
    hostReply = measure('host.dated.run', () => host.filter(req));
    measure('host.dated.main_answer', () => {
      const shownSet = new Set<string>();
      for (const p of hostReply!.shown) shownSet.add(mainTree.ids[p]!);
      return viewOfPositions(mainTree, hostReply!.visible);
    });
  });
  const hosted = hostReply as FilterReply | null;
  if (!hosted || hosted.shown.join() !== want.join())
    throw new Error('benchmark self-check failed: the filter host differs from the main thread');
}

// Self-check: every matching row is shown, and every shown row matches or is above one that does.
const predicate = wbsPredicate(filter, state.index, state.doc.rows);
const shown = rowsToShow(state.doc.rows, predicate);
let matching = 0;
for (const row of state.doc.rows.values())
  if (predicate(row)) {
    matching++;
    if (!shown.has(row.id)) throw new Error('benchmark self-check failed: a matching row is hidden');
  }
const tree = preorderTree(buildTreeIndex(state.doc.rows));
const fastShown = shownPositions(
  tree,
  positionPredicate(filter, tree, wbsPositionReader(tree, state.doc.rows)),
);
const oldIds = flattenFiltered(state.index, expanded, shown).ids;
const newIds = viewOfPositions(tree, fastView).ids;
if (shownIds(tree, fastShown).size !== shown.size || oldIds.join() !== newIds.join())
  throw new Error('benchmark self-check failed: the two paths differ');
if (matching === 0 || matching === ROWS)
  throw new Error('benchmark self-check failed: the filter keeps none or all');

const out: Record<string, unknown> = {
  rows: ROWS,
  matching,
  shown: shownCount,
  dated_shown: datedShown,
  dated_start_window: [medianStart, startPlus60],
  view_rows: viewCount,
  repeat: REPEAT,
  load: loadavg().map(round),
};
for (const [label, s] of samples)
  out[label] = {
    median_ms: round(median(s.wall)),
    min_ms: round(Math.min(...s.wall)),
    cpu_median_ms: round(median(s.cpu)),
  };
out.budget_ms = { total: 100 };
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
