// Printing 10,000 rows with the Gantt on A3 (fit one page wide, header, footer and legend): the
// PDF streamed to a file page by page. Prints pages, bytes, time and peak memory growth as JSON.
// Also checks that the file has exactly print/count pages, each the A3 sheet.

import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scheduleModel } from '../src/domain/schedule';
import { defaultSettings } from '../src/domain/print/settings';
import { planFor, writePrintPdf } from '../src/server/print/document';
import { printData } from '../src/server/print/render';
import { PRINT_WORDS } from '../src/server/print/words';
import { arrangePrintData } from '../src/server/print/arrange-rows';
import { indicatorRows } from '../src/server/print/indicator-rows';
import { generateModel } from '../tests/fixtures/io-generator';
import { withResults } from '../src/domain/io/write-schedule';

const N = Number(process.argv[2] ?? 10_000);
const model = generateModel({ activities: N, seed: 42, p6Features: true, progress: true });
const scheduled = withResults(model, scheduleModel(model));
const settings = defaultSettings();
const file = path.join(tmpdir(), `print-bench-${process.pid}.pdf`);
const values = {
  page: '',
  pages: '',
  date: '2026-11-26',
  schedule: 'Bench schedule',
  version: 'v1',
  data_date: '2026-01-05',
  user: 'Bench',
};
const rss0 = process.memoryUsage().rss;
let peak = rss0;
const t = performance.now();
// CPU time too: on the shared machine the wall time mostly measures the other processes.
const cpu0 = process.cpuUsage();
const data = printData(scheduled);
const pages = await writePrintPdf(file, settings, data, values, PRINT_WORDS.en, {
  progress: () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  },
});
const ms = Math.round(performance.now() - t);
const cpu = process.cpuUsage(cpu0);
// A layout's sort and grouping on the same rows (grouped by status, longest first), timed apart.
const arranged = printData(scheduled);
const ta = performance.now();
arrangePrintData(
  arranged,
  scheduled,
  { sort: [{ column: 'duration', dir: 'desc' }], groupBy: 'status' },
  null,
  PRINT_WORDS.en,
  'en',
);
const arrangeMs = Math.round(performance.now() - ta);
// The page's indicator filter on the same rows, timed apart: critical (per row) and logic (the
// quality assessment over every activity and relation), each with its ancestors.
const indicator: Record<string, { ms: number; rows: number }> = {};
for (const key of ['critical', 'logic'] as const) {
  const rows = printData(scheduled);
  const ti = performance.now();
  arrangePrintData(rows, scheduled, { sort: [], groupBy: null }, null, PRINT_WORDS.en, 'en', (read) =>
    indicatorRows(key, scheduled, null, null, read),
  );
  indicator[key] = { ms: Math.round(performance.now() - ti), rows: rows.rows.length };
}
const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
const pdf = readFileSync(file, 'latin1');
rmSync(file);
const pageObjects = pdf.match(/\/Type \/Page\b/g)?.length ?? 0;
const boxes = new Set(pdf.match(/\/MediaBox \[[^\]]+\]/g));
process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'print',
      rows: data.rows.length,
      relations: data.links.length,
      sheet: settings.format.name,
      pages,
      count: planFor(settings, data).pages,
      pageObjects,
      mediaBoxes: [...boxes],
      bytes: pdf.length,
      ms,
      cpuMs,
      arrangeMs,
      arrangedRows: arranged.rows.length,
      indicator,
      peakRssGrowthMb: Math.round((peak - rss0) / 1048576),
    },
    null,
    2,
  )}\n`,
);
