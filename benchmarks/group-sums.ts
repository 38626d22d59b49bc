// Issue 20's group summaries at scale: a generated 100k-row version (the WBS benchmark's
// generator) grouped by one attribute column (12 zones), the headers' column roll-ups as the
// workbench computes them (state/workbench/group-values.ts groupValuesOf over the displayed
// default columns plus volume, price and a number attribute: sums, earliest start, latest finish,
// smallest float, weighted percent, span duration), beside the grouping itself (arrangeView) for
// scale. The roll-up runs once per new arrangement, rows, schedule or text context; a scroll frame
// only looks it up. Self-checking: every header's price sum equals a plain scan of its rows.
// Prints one JSON object: median / min wall ms per step.
// Run: npm run --silent bench -- group-sums
import { arrangeView } from '../src/domain/wbs/arrange';
import { buildTreeIndex } from '../src/domain/wbs/tree-index';
import type { CellTextContext } from '../src/state/workbench/cell-text';
import { DEFAULT_COLUMNS, setAttributeColumnTypes } from '../src/state/workbench/columns';
import { groupValuesOf } from '../src/state/workbench/group-values';
import type { ScheduleSnapshot } from '../src/state/workbench/schedule-snapshot';
import { generateWbs } from '../tests/domain/wbs/generate';

const ROWS = 100_000;
const REPEAT = 15;
const doc = generateWbs(ROWS, { seed: 11, fanout: [10, 20], relationsPerTask: 1.5 });
const ids = [...doc.rows.keys()];
ids.forEach((id, i) => {
  const row = doc.rows.get(id) as {
    attributes: Record<string, unknown>;
    volume: number | null;
    price: number | null;
  };
  row.attributes = { zone: `Zone ${(i % 12) + 1}`, crew: i % 7 };
  row.volume = i % 3 ? i % 500 : null;
  row.price = i % 4 ? (i % 900) + 0.25 : null;
});
setAttributeColumnTypes([{ key: 'crew', type: 'number' }]);
const n = ids.length;
// A schedule as the engine leaves it: dates, floats and percent complete by position.
const i32 = (f: (i: number) => number) => Int32Array.from({ length: n }, (_, i) => f(i));
const schedule: ScheduleSnapshot = {
  revision: 1,
  position: new Map(ids.map((id, i) => [id, i])),
  es: i32((i) => 480 + (i % 997) * 1440),
  ef: i32((i) => 960 + (i % 997) * 1440 + (i % 11) * 1440),
  ls: i32(() => 0),
  lf: i32(() => 0),
  tf: i32((i) => (i % 13) * 480 - 960),
  ff: i32(() => 0),
  critical: new Uint8Array(n),
  percentComplete: Float32Array.from({ length: n }, (_, i) => i % 101),
  projectFinish: 0,
  ms: 0,
};
const ctx: CellTextContext = {
  lang: 'en',
  t: (k) => k,
  hoursPerDay: () => 8,
  calendarName: () => '',
  // A working-time count in the shape the calendar gives (here: 8 of every 24 hours).
  workBetween: (_c, from, to) => Math.round((to - from) / 3),
};
const columns = [
  ...DEFAULT_COLUMNS.filter((c) => c.visible).map((c) => c.id),
  'volume',
  'price',
  'attr:crew',
];
const index = buildTreeIndex(doc.rows);
const read = (id: string, column: string) =>
  column === 'attr:zone' ? (doc.rows.get(id)!.attributes.zone as string) : undefined;

const times = new Map<string, number[]>();
function measure<T>(label: string, fn: () => T): T {
  const t0 = performance.now();
  const out = fn();
  const list = times.get(label) ?? [];
  list.push(performance.now() - t0);
  times.set(label, list);
  return out;
}

let groups = 0;
let grouped = 0;
for (let r = 0; r < REPEAT; r++) {
  const view = measure('arrange', () =>
    arrangeView(index, new Set(), null, { sort: [], groupBy: ['attr:zone'] }, read),
  );
  // A new headers map each round: nothing is kept from the last one.
  const values = measure('group_sums', () =>
    groupValuesOf({ groups: view.groups!, rows: doc.rows, schedule, ctx, columns }),
  );
  measure('lookup_again', () =>
    groupValuesOf({ groups: view.groups!, rows: doc.rows, schedule, ctx, columns }),
  );
  groups = view.groups!.size;
  grouped = [...view.groups!.values()].reduce((a, g) => a + g.rows.length, 0);
  if (r === 0)
    for (const [id, g] of view.groups!) {
      const want = g.rows.reduce((a, row) => a + (doc.rows.get(row)!.price ?? 0), 0);
      const got = values.get(id)!.get('price') ?? 0;
      if (Math.abs(got - want) > 1e-6 * Math.max(1, Math.abs(want)))
        throw new Error(`group ${g.value}: price ${got}, rows sum to ${want}`);
    }
}

const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: +s[s.length >> 1]!.toFixed(2), min: +s[0]!.toFixed(2) };
};
process.stdout.write(
  `${JSON.stringify({
    rows: ROWS,
    grouped_rows: grouped,
    groups,
    columns: columns.length,
    ms: Object.fromEntries([...times].map(([k, v]) => [k, stat(v)])),
  })}\n`,
);
