// Highcharts options of the dashboard's charts, built from the API's answers (pure: no React).
// Numbers show as spec §9 says: thousands grouped, 2 decimals (the domain's formatNumber).
import type { Options, SeriesOptionsType } from 'highcharts';
import type { BarsResponse, CurveResponse, DashboardEntry } from '../../api/analytics';
import { formatNumber } from '../../domain/format';
import { type Lang, periodLabel } from './model';

const COLORS: Record<string, string> = { plan: '#2563eb', fact: '#16a34a', target: '#9ca3af', dp: '#f59e0b' };
const PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#db2777', '#7c3aed', '#0891b2', '#65a30d', '#dc2626'];

export interface ChartTexts {
  series: (key: string) => string;
  axis: string;
}

const base = (lang: Lang, axis: string): Options => ({
  chart: { height: 280, style: { fontFamily: 'inherit' }, spacing: [12, 8, 8, 8] },
  title: { text: undefined },
  credits: { enabled: false },
  accessibility: { enabled: false },
  legend: { enabled: true },
  yAxis: {
    title: { text: axis },
    labels: { formatter: (ctx) => formatNumber(Number(ctx.value), { lang, decimals: 0 }) },
  },
  tooltip: {
    shared: true,
    formatter: function () {
      const lines = (this.points ?? [this]).map(
        (p) =>
          `<span style="color:${String(p.color)}">●</span> ${p.series.name}: <b>${formatNumber(Number(p.y), { lang })}</b>`,
      );
      return [`<b>${String(this.key ?? this.x)}</b>`, ...lines].join('<br/>');
    },
  },
});

/**
 * An S-curve (cumulative) or histogram (per period) of a curve answer. `onPoint` gets the index of
 * the period clicked and the key of the series.
 */
export function curveOptions(
  curve: CurveResponse,
  kind: 'line' | 'column',
  cumulative: boolean,
  lang: Lang,
  texts: ChartTexts,
  keys: readonly string[] | null,
  onPoint: ((period: number, key: string) => void) | null,
): Options {
  const shown = curve.series.filter((s) => keys === null || keys.includes(s.key));
  const series: SeriesOptionsType[] = shown.map((s, i) => ({
    type: kind,
    name: texts.series(s.key),
    color: COLORS[s.key] ?? PALETTE[i % PALETTE.length],
    data: cumulative ? s.cumulative : s.per_period,
    marker: { enabled: true, radius: 3 },
    dashStyle: s.key === 'target' ? 'ShortDash' : 'Solid',
    cursor: onPoint ? 'pointer' : undefined,
  }));
  return {
    ...base(lang, texts.axis),
    xAxis: { categories: curve.periods.map((p) => periodLabel(p.from, curve.unit, lang)), crosshair: true },
    plotOptions: {
      series: {
        animation: false,
        point: {
          events: {
            click: onPoint
              ? (e) => onPoint(e.point.index, shown[e.point.series.index]?.key ?? '')
              : undefined,
          },
        },
      },
      column: { groupPadding: 0.1, pointPadding: 0.05 },
    },
    series,
  };
}

/** Planned and earned per executor (horizontal bars). */
export function barsOptions(bars: BarsResponse['bars'], lang: Lang, texts: ChartTexts): Options {
  return {
    ...base(lang, texts.axis),
    chart: { type: 'bar', height: Math.max(160, 60 + bars.length * 36), style: { fontFamily: 'inherit' } },
    xAxis: { categories: bars.map((b) => b.label) },
    plotOptions: { series: { animation: false } },
    series: [
      { type: 'bar', name: texts.series('plan'), color: COLORS.plan, data: bars.map((b) => b.plan) },
      { type: 'bar', name: texts.series('fact'), color: COLORS.fact, data: bars.map((b) => b.fact) },
    ],
  };
}

/** The children of a space or facility side by side: money planned, earned and in the target. */
export function childrenOptions(
  children: DashboardEntry[],
  lang: Lang,
  texts: ChartTexts,
  onChild: (index: number) => void,
): Options {
  const col = (key: 'plan' | 'fact' | 'target', pick: (c: DashboardEntry) => number): SeriesOptionsType => ({
    type: 'column',
    name: texts.series(key),
    color: COLORS[key],
    data: children.map(pick),
    cursor: 'pointer',
  });
  return {
    ...base(lang, texts.axis),
    xAxis: { categories: children.map((c) => c.name) },
    plotOptions: {
      series: { animation: false, point: { events: { click: (e) => onChild(e.point.index) } } },
    },
    series: [
      col('plan', (c) => c.money_plan),
      col('fact', (c) => c.money_earned),
      col('target', (c) => c.money_target),
    ],
  };
}

/**
 * A project's breakdown: planned money per period, one stacked bar segment per schedule, named by
 * the schedule (the answer's labels). `onBar` gets the period index and the schedule's id.
 */
export function scheduleBarsOptions(
  curve: CurveResponse,
  lang: Lang,
  texts: ChartTexts,
  onBar: (period: number, scheduleId: string) => void,
): Options {
  const series: SeriesOptionsType[] = curve.series.map((s, i) => ({
    type: 'column',
    name: s.label,
    color: PALETTE[i % PALETTE.length],
    data: s.per_period,
    cursor: 'pointer',
  }));
  return {
    ...base(lang, texts.axis),
    xAxis: { categories: curve.periods.map((p) => periodLabel(p.from, curve.unit, lang)), crosshair: true },
    plotOptions: {
      series: {
        animation: false,
        point: {
          events: {
            click: (e) => {
              const key = curve.series[e.point.series.index]?.key;
              if (key) onBar(e.point.index, key);
            },
          },
        },
      },
      column: { stacking: 'normal', groupPadding: 0.1, pointPadding: 0.05 },
    },
    series,
  };
}
