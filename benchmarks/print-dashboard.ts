// A dashboard's print (the drawing and the PDF, not the figures' SQL, which `analytics` times):
// a schedule's dashboard by day over three years (1,096 periods per curve, every chart of the
// view), and a project's with 100 schedules stacked by month and 200 executors, each on A4 and on
// A1. The figures are made up here (seeded), the shapes of the analytics calls' answers. Prints
// pages, bytes, wall and CPU time and peak memory growth as JSON; checks the page count and the
// sheet size of every page in the file.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CurveResponse } from '../src/api/analytics';
import { defaultConfig } from '../src/domain/analytics/dashboard';
import { defaultDashboardTitles } from '../src/domain/print/dashboard-layout';
import { BUILTIN_FORMATS } from '../src/domain/print/settings';
import { dashboardCharts, dashboardPlan, writeDashboardPdf } from '../src/server/print/dashboard-render';
import type { DashboardSource } from '../src/server/print/dashboard-source';

let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const DAY = 1440;
const T0 = 9_600 * DAY;

function curve(unit: CurveResponse['unit'], periods: number, keys: string[], step: number): CurveResponse {
  return {
    unit,
    periods: Array.from({ length: periods }, (_, k) => ({ from: T0 + k * step, to: T0 + (k + 1) * step })),
    series: keys.map((key) => {
      const per = Array.from({ length: periods }, () => Math.round(rnd() * 100_000) / 100);
      let sum = 0;
      const cum = per.map((v) => (sum += v));
      return { key, label: key, per_period: per, cumulative: cum, total: sum };
    }),
    data_date: T0 + Math.floor(periods / 2) * step,
  };
}

const stats = {
  schedules: 100,
  activities: 1_000_000,
  start: T0,
  finish: T0 + 1096 * DAY,
  money: 1e9,
  cost: 2e8,
  labour: 5e6,
  volume: 1e6,
  percent: 42.5,
};
const executors = Array.from({ length: 200 }, (_, i) => ({
  key: `r${i}`,
  label: `Executor ${i + 1}`,
  plan: rnd() * 1e6,
  fact: rnd() * 5e5,
}));

function source(kind: 'schedule' | 'project', format: string): DashboardSource {
  const f = BUILTIN_FORMATS.find((x) => x.name === format)!;
  const titles = defaultDashboardTitles('ru');
  const one = kind === 'schedule';
  const config = { ...defaultConfig(kind), unit: one ? ('day' as const) : ('month' as const) };
  config.charts = one ? [...config.charts, 'labour_histogram'] : config.charts;
  const n = one ? 1096 : 36;
  const step = one ? DAY : 30 * DAY;
  return {
    scope: kind,
    format: structuredClone(f),
    header: titles.header,
    footer: titles.footer,
    config,
    figures: {
      money: curve(config.unit, n, ['plan', 'fact', 'target'], step),
      labour: curve(config.unit, n, ['plan', 'fact', 'target'], step),
      volume: one ? curve(config.unit, n, ['plan', 'fact', 'target', 'dp'], step) : null,
      stats,
      count: {
        total: 1e6,
        sums: 1e4,
        by_type: {},
        by_status: { not_started: 5e5, in_progress: 2e5, completed: 3e5 },
        critical: 1e4,
        relations: 2e6,
      },
      indicator: {
        data_date: T0 + 500 * DAY,
        planned_to_date: 4e8,
        earned_to_date: 3.5e8,
        spi: 0.875,
        percent_money: 35,
        percent_duration: 40,
        finish: null,
        target_finish: null,
        slip_days: 12,
        delayed: 1500,
      },
      children: null,
      schedules: one
        ? null
        : curve(
            'month',
            n,
            Array.from({ length: 100 }, (_, i) => `s${i}`),
            step,
          ),
      executors,
    },
    name: 'Стройка — корпус Б',
    scheduleId: null,
    versionId: null,
    values: {
      page: '',
      pages: '',
      date: '2026-11-28',
      schedule: 'Стройка — корпус Б',
      version: '',
      data_date: '',
      user: 'Bench',
    },
  };
}

const out: Record<string, unknown> = {};
for (const kind of ['schedule', 'project'] as const)
  for (const format of ['A4', 'A1']) {
    const src = source(kind, format);
    const plan = dashboardPlan(src, dashboardCharts(src, 'ru'));
    const file = path.join(tmpdir(), `dashboard-bench-${process.pid}.pdf`);
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const cpu0 = process.cpuUsage();
    const t = performance.now();
    const pages = await writeDashboardPdf(file, src, 'ru', {
      progress: () => (peak = Math.max(peak, process.memoryUsage.rss())),
    });
    const ms = Math.round(performance.now() - t);
    const cpu = process.cpuUsage(cpu0);
    const pdf = readFileSync(file);
    rmSync(file, { force: true });
    const text = pdf.toString('latin1');
    const pageObjects = text.match(/\/Type \/Page\b/g)?.length ?? 0;
    const boxes = new Set([...text.matchAll(/\/MediaBox \[([^\]]+)\]/g)].map((m) => m[1]));
    out[`${kind}_${format}`] = {
      periods: src.figures.money.periods.length,
      pages,
      countPages: plan.pages,
      pageObjectsOk: pageObjects === pages && boxes.size === 1,
      images: /\/Subtype\s*\/Image/.test(text),
      bytes: pdf.length,
      ms,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      peakRssGrowthMb: Math.round((peak - rss0) / 1e6),
    };
  }
process.stdout.write(JSON.stringify(out, null, 2) + '\n');
