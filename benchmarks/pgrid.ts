// The project grid's own work at a large project: 5 schedules of 20,000 rows each (20 summaries of
// 999 chained tasks): one engine pass per schedule (in-process ScheduleCore, as the worker runs
// it), then the merge (src/domain/project-grid) and the tree index and visible view the store
// builds. Medians of repeated runs, each checking its result. Prints JSON.
import { mergeParts } from '../src/domain/project-grid/merge';
import type { GridPart, PartDates } from '../src/domain/project-grid/merge';
import { defaultScheduleOptions } from '../src/domain/schedule/default-options';
import { wbsState } from '../src/domain/wbs/change';
import { keysBetween } from '../src/domain/wbs/order-key';
import type { WbsRelation, WbsRow } from '../src/domain/wbs/types';
import { flattenVisible } from '../src/domain/wbs/view';
import { ScheduleCore } from '../src/workers/schedule-core';

const SCHEDULES = 5;
const SUMS = 20;
const TASKS = 999;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const blank = (id: string, parentId: string | null, orderKey: string, sum: boolean): WbsRow => ({
  id,
  parentId,
  orderKey,
  nodeType: sum ? 'sum' : 'task',
  name: id,
  code: id,
  calendarId: null,
  duration: sum ? 0 : 480 * (1 + (id.length % 3)),
  remaining: null,
  startLimitType: null,
  startLimitDate: null,
  finishLimitType: null,
  finishLimitDate: null,
  actualStart: null,
  actualFinish: null,
  percentComplete: 0,
  volume: null,
  price: null,
  color: null,
  attributes: {},
});

function schedule(k: number): { rows: WbsRow[]; relations: WbsRelation[] } {
  const rows: WbsRow[] = [];
  const relations: WbsRelation[] = [];
  const sumKeys = keysBetween(null, null, SUMS);
  const taskKeys = keysBetween(null, null, TASKS);
  for (let s = 0; s < SUMS; s++) {
    const sid = `s${k}-${s}`;
    rows.push(blank(sid, null, sumKeys[s]!, true));
    for (let t = 0; t < TASKS; t++) {
      const id = `t${k}-${s}-${t}`;
      rows.push(blank(id, sid, taskKeys[t]!, false));
      if (t > 0)
        relations.push({
          id: `r${k}-${s}-${t}`,
          predId: `t${k}-${s}-${t - 1}`,
          succId: id,
          type: 'fs',
          lag: 0,
        });
    }
  }
  return { rows, relations };
}

const sources = Array.from({ length: SCHEDULES }, (_, k) => schedule(k));
const options = defaultScheduleOptions(9000 * 1440, 'standard');

const parts: GridPart[] = [];
const core = new ScheduleCore();
const t0 = performance.now();
sources.forEach((src, k) => {
  const out = core.open(
    {
      rows: new Map(src.rows.map((r) => [r.id, r])),
      relations: new Map(src.relations.map((r) => [r.id, r])),
    },
    [],
    options,
    0,
  );
  if (!out.ids || out.failure) throw new Error('pgrid: no schedule');
  const dates: PartDates = { ...out, ids: out.ids };
  parts.push({ key: `S${k}`, name: `Schedule ${k}`, rows: src.rows, relations: src.relations, dates });
});
const engineMs = performance.now() - t0;

const runs: number[] = [];
let rowsInView = 0;
for (let i = 0; i < 7; i++) {
  const t = performance.now();
  const m = mergeParts(parts);
  const { index } = wbsState({ rows: m.rows, relations: m.relations }, false);
  const view = flattenVisible(index, new Set(index.children.keys()));
  runs.push(performance.now() - t);
  rowsInView = view.ids.length;
}
if (rowsInView !== SCHEDULES * (SUMS * (TASKS + 1) + 1)) throw new Error(`pgrid: ${rowsInView} rows in view`);

console.log(
  JSON.stringify({
    schedules: SCHEDULES,
    rows: rowsInView,
    engine_passes_total_ms: Math.round(engineMs),
    merge_index_view_median_ms: Math.round(median(runs) * 10) / 10,
  }),
);
