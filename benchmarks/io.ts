// Import and export of a generated 10k-activity schedule: read XER → schedule → write every
// format, then read each written file back. Prints JSON with milliseconds and sizes; checks its
// own results (counts after each round trip) and the budgets: import ≤ 5 s, each
// export format ≤ 3 s; exits 1 when over.
//   node --import tsx benchmarks/io.ts [activities]

import { performance } from 'node:perf_hooks';
import { readAnySchedule } from '../src/domain/io/read-any';
import { readSchedule } from '../src/domain/io/read-schedule';
import { withResults, writeSchedule, type ExportFormat } from '../src/domain/io/write-schedule';
import { writeXer } from '../src/domain/io/xer/write';
import { scheduleModel } from '../src/domain/schedule/index';
import { generateModel } from '../tests/fixtures/io-generator';

const N = Number(process.argv[2] ?? 10_000);
const BUDGET = { importMs: 5000, exportMs: 3000 };

async function time<T>(f: () => T | Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await f();
  return [r, Math.round(performance.now() - t)];
}

const source = writeXer(generateModel({ activities: N, seed: 42, p6Features: true, progress: true }));
const [model, readMs] = await time(() => readSchedule(source, 'bench.xer'));
const [result, scheduleMs] = await time(() => scheduleModel(model));
if (result.errors.length) throw new Error(`schedule failed: ${result.errors[0]!.message}`);
const scheduled = withResults(model, result);

const formats: ExportFormat[] = ['xer', 'p6xml', 'mspdi', 'xlsx', 'csv', 'json'];
const write: Record<string, number> = {};
const readBack: Record<string, number> = {};
const bytes: Record<string, number> = {};
const names: Record<ExportFormat, string> = {
  xer: 'b.xer',
  p6xml: 'b.p6.xml',
  mspdi: 'b.xml',
  xlsx: 'b.xlsx',
  csv: 'b.csv',
  json: 'b.json',
};
for (const f of formats) {
  const [out, ms] = await time(() => writeSchedule(scheduled, f));
  write[f] = ms;
  bytes[f] = out.length;
  const [back, rms] = await time(() => readAnySchedule(out, names[f]));
  readBack[f] = rms;
  if (
    back.activities.length !== model.activities.length ||
    back.relations.length !== model.relations.length
  ) {
    throw new Error(
      `${f}: ${back.activities.length}/${back.relations.length} after the round trip, expected ${model.activities.length}/${model.relations.length}`,
    );
  }
}

const report = {
  benchmark: 'io',
  activities: model.activities.length,
  relations: model.relations.length,
  xerBytes: source.length,
  importMs: { read: readMs, schedule: scheduleMs, total: readMs + scheduleMs },
  exportMs: write,
  readBackMs: readBack,
  fileBytes: bytes,
  budget: BUDGET,
  // Every export format, not only XER, must fit the export budget.
  withinBudget:
    readMs + scheduleMs <= BUDGET.importMs && Object.values(write).every((ms) => ms <= BUDGET.exportMs),
};
console.log(JSON.stringify(report, null, 2));
if (!report.withinBudget) process.exitCode = 1;
