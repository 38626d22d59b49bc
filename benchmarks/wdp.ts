// Daily work plan budgets (issue 18), in Node on the generated schedule every benchmark opens:
//   distribute_10k_rows_ms  distribute each leaf's volume evenly by dates over its working days
//                           and build the undoable change of 10,000 rows (budget ≤ 1,000);
//   paste_31x1000_ms        a month × 1,000 rows of TSV parsed, mapped to days and made a change,
//                           then applied to the store (≤ 1,000);
//   open_daily_10k_ms       what opening the daily view computes: the store built from the
//                           gantt answer of 10,000 planned rows, every row's totals rolled up
//                           through the summaries, the summaries' days of a two-month window
//                           (≤ 1,500; the browser's paint of the window in view comes on top).
// Self-checking: sums are verified. Prints one JSON object (median and minimum of 5 runs).
// Run: npm run --silent bench -- wdp
import { loadavg } from 'node:os';
import { buildCalendarIndex, standardCalendarDef } from '../src/domain/calendar';
import { parseTsv } from '../src/domain/clipboard/tsv';
import type { RowDays, WdpCell } from '../src/domain/wdp';
import {
  applyWdpPatches,
  distributePlan,
  editsChange,
  pasteEdits,
  rowChange,
  toUnits,
  withPlan,
} from '../src/domain/wdp';
import { allTotals, summaryDays } from '../src/modules/wdp/matrix-model';
import { benchDoc, scheduleDoc } from './bench-schedule';

const ROWS = 10_000;
const RUNS = 5;
const doc = benchDoc(ROWS);
const { result } = scheduleDoc(doc);
const cal = buildCalendarIndex(standardCalendarDef('standard'));
const parents = new Set<string>();
for (const r of doc.rows.values()) if (r.parentId) parents.add(r.parentId);
const leaves = result.ids
  .map((id, i) => ({ id, es: result.es[i]!, ef: result.ef[i]! }))
  .filter((r) => !parents.has(r.id) && r.ef > r.es);
const parentOf = (id: string) => doc.rows.get(id)?.parentId ?? null;

function time<T>(fn: () => T): { ms: number; out: T } {
  const t0 = performance.now();
  const out = fn();
  return { ms: performance.now() - t0, out };
}
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { median: Math.round(s[Math.floor(s.length / 2)]! * 10) / 10, min: Math.round(s[0]! * 10) / 10 };
}

const empty = new Map<string, RowDays>();
const distribute = () => {
  let patches = 0;
  let units = 0;
  for (const r of leaves) {
    const current: RowDays = new Map();
    const plan = distributePlan({
      mode: 'evenly',
      base: 'by_date',
      volume: 100,
      cal,
      start: r.es,
      finish: r.ef,
      current,
    });
    for (const v of plan.values()) units += toUnits(v);
    patches += rowChange((id) => empty.get(id), r.id, withPlan(current, plan)).patches.length;
  }
  if (units !== leaves.length * 100_000) throw new Error('distribution lost volume');
  return patches;
};

const firstDay = Math.floor(Math.min(...leaves.map((r) => r.es)) / 1440);
const pasteRows = leaves.slice(0, 1000).map((r) => r.id);
const tsv = pasteRows
  .map(() => Array.from({ length: 31 }, (_, i) => String((i % 7) + 1)).join('\t'))
  .join('\n');
const paste = () => {
  const m = parseTsv(tsv);
  const days = Array.from({ length: 31 }, (_, i) => firstDay + i);
  const { edits } = pasteEdits(m, pasteRows, days, 'fact');
  const ch = editsChange((id) => empty.get(id), edits);
  const after = applyWdpPatches(empty, ch.patches);
  if (after.size !== 1000 || ch.patches.length !== 31_000) throw new Error('paste incomplete');
  return after;
};

// A gantt answer: every leaf's plan, as the server sends it.
const answer: {
  item_id: string;
  day: number;
  plan: number;
  fact: null;
  approved_plan: null;
  status: 'open';
}[] = [];
for (const r of leaves.slice(0, ROWS))
  for (const [day, plan] of distributePlan({
    mode: 'evenly',
    base: 'by_date',
    volume: 100,
    cal,
    start: r.es,
    finish: r.ef,
    current: new Map(),
  }))
    answer.push({ item_id: r.id, day, plan, fact: null, approved_plan: null, status: 'open' });
const open = () => {
  const days = new Map<string, Map<number, WdpCell>>();
  for (const d of answer) {
    let m = days.get(d.item_id);
    if (!m) days.set(d.item_id, (m = new Map()));
    m.set(d.day, { plan: d.plan, fact: d.fact, approved_plan: d.approved_plan, status: d.status });
  }
  const totals = allTotals(days, parentOf);
  const sums = summaryDays(days, parentOf, 'plan', firstDay, firstDay + 60);
  return { totals, sums };
};

const out: Record<string, unknown> = { rows: leaves.length, cells_open: answer.length };
const runs: Record<string, number[]> = { distribute: [], paste: [], open: [] };
for (let i = 0; i < RUNS; i++) {
  runs.distribute!.push(time(distribute).ms);
  runs.paste!.push(time(paste).ms);
  runs.open!.push(time(open).ms);
}
const d = stats(runs.distribute!);
const p = stats(runs.paste!);
const o = stats(runs.open!);
out.distribute_10k_rows_ms = d.median;
out.distribute_10k_rows_min_ms = d.min;
out.paste_31x1000_ms = p.median;
out.paste_31x1000_min_ms = p.min;
out.open_daily_10k_ms = o.median;
out.open_daily_10k_min_ms = o.min;
out.budgets = { distribute_10k_rows_ms: 1000, paste_31x1000_ms: 1000, open_daily_10k_ms: 1500 };
out.load_1min = Math.round(loadavg()[0]! * 100) / 100;
process.stdout.write(`${JSON.stringify(out)}\n`);
