// The chart images of report templates ({{chart.s_curve}}, {{chart.s_curve_labour}}): the
// dashboard's S-curve (plan, earned, target; cumulative) of the version or, for a master report,
// of the project — the same analytics figures — drawn as SVG (domain/reports/chart-svg.ts) and
// rasterised to PNG by sharp (librsvg), with the print's DejaVu fonts, so Cyrillic shows.
import type { Kysely } from 'kysely';
import { loadSharp } from '../lazy-libs';
import { chartSvg } from '../../domain/reports/chart-svg';
import type { ChartName } from '../../domain/reports/template';
import type { DB } from '../db/schema';
import type { ServerLang } from '../i18n/messages';
import { measureCurve } from '../services/analytics-figures';
import type { AnalyticsScope } from '../services/analytics-scope';
import { CHART_PX } from './engine';

const TEXTS: Record<ServerLang, Record<ChartName | 'plan' | 'fact' | 'target', string>> = {
  en: {
    s_curve: 'Money S-curve',
    s_curve_labour: 'Labour S-curve (hours)',
    plan: 'Planned',
    fact: 'Earned',
    target: 'Target',
  },
  ru: {
    s_curve: 'S-кривая стоимости',
    s_curve_labour: 'S-кривая трудозатрат (ч)',
    plan: 'План',
    fact: 'Освоено',
    target: 'Целевой',
  },
};
const COLORS: Record<string, string> = { plan: '#2f7ed8', fact: '#2e9e44', target: '#8a8a8a' };

export async function renderCharts(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  names: readonly ChartName[],
  lang: ServerLang,
): Promise<Map<ChartName, Buffer>> {
  const out = new Map<ChartName, Buffer>();
  for (const name of names) {
    const measure = name === 's_curve' ? 'money' : 'labour';
    // Months, or weeks when the work spans fewer than four months.
    let curve = await measureCurve(db, scope, measure, { unit: 'month' }, ['plan', 'fact', 'target']);
    if (curve.periods.length < 4)
      curve = await measureCurve(db, scope, measure, { unit: 'week' }, ['plan', 'fact', 'target']);
    const t = TEXTS[lang];
    const svg = chartSvg({
      title: t[name],
      periods: curve.periods,
      series: curve.series
        .filter((s) => s.key === 'plan' || s.key === 'fact' || s.key === 'target')
        .map((s) => ({
          label: t[s.key as 'plan' | 'fact' | 'target'],
          color: COLORS[s.key]!,
          values: s.cumulative,
          dashed: s.key === 'target',
        })),
      dataDate: curve.data_date,
      lang,
      ...CHART_PX,
    });
    out.set(name, await (await loadSharp())(Buffer.from(svg)).png().toBuffer());
  }
  return out;
}
