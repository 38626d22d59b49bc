// Cost module budgets (issue 28), in Node on a generated estimate:
//   full_recompute_50k_ms   50,000 positions in 500 sections with 10 coefficients (every scope and
//                           target): the computed list (pdc) of every position and all totals (≤ 500);
//   one_edit_recompute_ms   one position's quantity changed: that position and its ancestors'
//                           totals moved by the difference (≤ 20);
//   pdc_all_steps_50k_ms    every position's amounts after each coefficient (the pdc call's rows);
//   paste_10k_x12_ms        a 10,000 × 12 TSV matrix parsed and checked cell by cell into new
//                           positions (the client's part of a paste; ≤ 1,000 with the screen's paint);
//   compliance_50k_ms       every compliance rule over the 50,000 positions.
// Self-checking: the incremental totals equal a full recompute's. Prints one JSON object (median
// and minimum of 5 runs). Run: npm run --silent bench -- costr
import { loadavg } from 'node:os';
import { parseTsv } from '../src/domain/clipboard/tsv';
import {
  DEFAULT_SETTINGS,
  checkCompliance,
  computeEstimate,
  minorText,
  positionSteps,
  pasteMatrix,
  updatePosition,
} from '../src/domain/costr';
import type { NodeField } from '../src/domain/costr';
import { generatedEstimate } from '../tests/fixtures/costr-estimate';

const RUNS = 5;
const { nodes, coefficients } = generatedEstimate(50_000, 500);
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: Math.round(s[Math.floor(s.length / 2)]! * 10) / 10, min: Math.round(s[0]! * 10) / 10 };
};
const time = (f: () => void) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

const full: number[] = [];
const fullCpu: number[] = [];
let prepared = computeEstimate(nodes, coefficients, DEFAULT_SETTINGS);
for (let i = 0; i < RUNS; i++) {
  const cpu = process.cpuUsage();
  full.push(time(() => (prepared = computeEstimate(nodes, coefficients, DEFAULT_SETTINGS))));
  const u = process.cpuUsage(cpu);
  fullCpu.push((u.user + u.system) / 1000);
}

// The whole computed list: every position's amounts after each coefficient (what the pdc call answers).
const steps: number[] = [];
let stepRows = 0;
for (let i = 0; i < RUNS; i++)
  steps.push(
    time(() => {
      stepRows = 0;
      for (const id of prepared.positions.keys()) stepRows += positionSteps(prepared, id).length;
    }),
  );

const one: number[] = [];
let current = nodes;
for (let i = 0; i < RUNS; i++) {
  const id = `p${(i * 9973) % 50_000}`;
  const n = { ...prepared.nodes.get(id)!, quantity: `${100 + i}.125` };
  one.push(time(() => updatePosition(prepared, n)));
  current = current.map((x) => (x.id === id ? n : x));
}
const check = computeEstimate(current, coefficients, DEFAULT_SETTINGS);
if (check.total.total !== prepared.total.total)
  throw new Error('incremental totals differ from a full recompute');

const columns: NodeField[] = [
  'code',
  'name',
  'measure',
  'quantity',
  'labourPrice',
  'machinesPrice',
  'materialsPrice',
  'labourHours',
  'notes',
  'code',
  'name',
  'notes',
];
const tsv = Array.from({ length: 10_000 }, (_, i) =>
  [`${i}`, `Work ${i}`, 'm3', '12,5', '100.25', '20', '30.5', '1.5', 'n', `${i}`, `Work ${i}`, 'note'].join(
    '\t',
  ),
).join('\n');
const paste: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let k = 0;
  paste.push(
    time(() => {
      const r = pasteMatrix({
        rows: [],
        columns,
        startRow: 0,
        startCol: 0,
        matrix: parseTsv(tsv),
        rules: DEFAULT_SETTINGS.rules,
        newId: () => `n${k++}`,
        newParentId: null,
        newKeys: (n) => Array.from({ length: n }, (_, j) => `k${j}`),
      });
      if (r.upserts.length !== 10_000 || r.errors.length) throw new Error('paste check failed');
    }),
  );
}

const dict = new Map(nodes.filter((n) => n.kind === 'position').map((n) => [n.id, n]));
const linked = nodes.map((n, i) => (i % 3 === 0 ? { ...n, dictionaryId: n.id, wbsItemId: n.id } : n));
const comp: number[] = [];
let violations = 0;
for (let i = 0; i < RUNS; i++)
  comp.push(
    time(() => {
      violations = checkCompliance(
        linked,
        DEFAULT_SETTINGS.rules,
        (id) => dict.get(id),
        (id) => ({ id, code: id, volume: 100, unit: 'm3' }),
      ).length;
    }),
  );

const f = stats(full);
const st = stats(steps);
const o = stats(one);
const p = stats(paste);
const c = stats(comp);
process.stdout.write(
  `${JSON.stringify({
    positions: 50_000,
    coefficients: coefficients.length,
    full_recompute_50k_ms: f.median,
    full_recompute_50k_min_ms: f.min,
    // CPU time of the process in the same runs: the wall figure on a loaded shared machine includes waiting.
    full_recompute_50k_cpu_ms: stats(fullCpu).median,
    pdc_all_steps_50k_ms: st.median,
    pdc_rows: stepRows,
    one_edit_recompute_ms: o.median,
    one_edit_recompute_min_ms: o.min,
    paste_10k_x12_ms: p.median,
    paste_10k_x12_min_ms: p.min,
    compliance_50k_ms: c.median,
    violations,
    estimate_total: minorText(prepared.total.total, 2),
    load: loadavg()[0],
  })}\n`,
);
