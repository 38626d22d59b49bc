// The drawing of a dashboard's print from given figures (no database): the charts of the view in
// order, bars and legend entries without room counted ("+N more"), an all-zero chart said so,
// the preview's pages as the plan counts them.
import { describe, expect, it } from 'vitest';
import type { CurveResponse } from '../../src/api/analytics';
import { defaultConfig } from '../../src/domain/analytics/dashboard';
import { defaultDashboardTitles } from '../../src/domain/print/dashboard-layout';
import { BUILTIN_FORMATS } from '../../src/domain/print/settings';
import { dashboardCharts, dashboardPlan, dashboardPreviewSvg } from '../../src/server/print/dashboard-render';
import type { DashboardSource } from '../../src/server/print/dashboard-source';

const DAY = 1440;
const T0 = 9_600 * DAY;

function curve(periods: number, keys: string[], value: (k: number) => number): CurveResponse {
  return {
    unit: 'month',
    periods: Array.from({ length: periods }, (_, k) => ({
      from: T0 + k * 31 * DAY,
      to: T0 + (k + 1) * 31 * DAY,
    })),
    series: keys.map((key) => {
      const per = Array.from({ length: periods }, (_, k) => value(k));
      let sum = 0;
      return {
        key,
        label: `Schedule ${key}`,
        per_period: per,
        cumulative: per.map((v) => (sum += v)),
        total: sum,
      };
    }),
    data_date: null,
  };
}

function source(scope: 'schedule' | 'project', bars: number, zeroLabour = false): DashboardSource {
  const t = defaultDashboardTitles('en');
  return {
    scope,
    format: structuredClone(BUILTIN_FORMATS[0]!),
    header: t.header,
    footer: t.footer,
    config: defaultConfig(scope),
    figures: {
      money: curve(12, ['plan', 'fact', 'target'], (k) => 1000 + k * 10),
      labour: curve(12, ['plan', 'fact', 'target'], (k) => (zeroLabour ? 0 : k)),
      volume: scope === 'schedule' ? curve(12, ['plan', 'fact', 'target', 'dp'], () => 5) : null,
      stats: {
        schedules: 1,
        activities: 10,
        start: T0,
        finish: T0 + 365 * DAY,
        money: 12_000,
        cost: 0,
        labour: 0,
        volume: 0,
        percent: null,
      },
      count: null,
      indicator: null,
      children: null,
      schedules:
        scope === 'project'
          ? curve(
              12,
              Array.from({ length: 60 }, (_, i) => `s${i}`),
              () => 1,
            )
          : null,
      executors: Array.from({ length: bars }, (_, i) => ({
        key: `r${i}`,
        label: `Crew ${i + 1}`,
        plan: 1000 - i,
        fact: 500,
      })),
    },
    name: 'Block B',
    scheduleId: null,
    versionId: null,
    values: {
      page: '',
      pages: '',
      date: '2026-11-28',
      schedule: 'Block B',
      version: '',
      data_date: '',
      user: 'U',
    },
  };
}

const pagesOf = (src: DashboardSource) => {
  const first = dashboardPreviewSvg(src, 'en', 0);
  return Array.from({ length: first.pages }, (_, p) => dashboardPreviewSvg(src, 'en', p).svg);
};

describe("a dashboard's print drawing", () => {
  it("draws the view's charts in order, each title once, on the plan's pages", () => {
    const src = source('schedule', 5);
    const charts = dashboardCharts(src, 'en');
    expect(charts.map((c) => c.key)).toEqual([
      'tiles',
      'money_curve',
      'money_histogram',
      'labour_curve',
      'volume',
      'executors',
    ]);
    const pages = pagesOf(src);
    expect(pages.length).toBe(dashboardPlan(src, charts).pages);
    const all = pages.join('');
    for (const title of [
      'Money: S-curve',
      'Money per period',
      'Labour: S-curve',
      'Volume per period',
      'Executors',
    ])
      expect(all.split(`>${title}<`).length - 1).toBe(1);
    for (let i = 1; i <= 5; i++) expect(all).toContain(`>Crew ${i}<`);
    expect(all).not.toMatch(/more</);
    expect(pages[0]).toContain(`>Page 1 of ${pages.length}<`);
  });

  it('counts the executors without room for their label, largest first', () => {
    const all = pagesOf(source('schedule', 300)).join('');
    const drawn = [...all.matchAll(/>Crew (\d+)</g)].map((m) => Number(m[1]));
    expect(drawn.length).toBeGreaterThan(3);
    expect(drawn).toEqual(drawn.map((_, i) => i + 1));
    expect(all).toContain(`>+${300 - drawn.length} more<`);
  });

  it("counts a project's schedules the legend cannot hold; says so when every value is zero", () => {
    const all = pagesOf(source('project', 0, true)).join('');
    const named = [...all.matchAll(/>Schedule s(\d+)</g)].length;
    expect(named).toBeGreaterThan(0);
    expect(named).toBeLessThan(60);
    expect(all).toContain(`>+${60 - named} more<`);
    expect(all).toContain('Nothing to draw: every value here is zero.');
  });
});
