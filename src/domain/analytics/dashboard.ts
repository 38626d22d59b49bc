// The dashboard's view rules shared by the screen and its print: the default view of each scope,
// the labels of periods, and the node whose presets a dashboard reads.
import { formatDate } from '../format';

// The shapes of src/api/analytics.ts (the contract's zod types are the same unions).
export type AnalyticsLevel = 'space' | 'facility' | 'project' | 'schedule' | 'version';
export type ChartKey =
  | 'money_curve'
  | 'labour_curve'
  | 'money_histogram'
  | 'labour_histogram'
  | 'volume'
  | 'executors'
  | 'tiles'
  | 'children';
export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';
export interface DashboardConfig {
  scope: AnalyticsLevel;
  unit: PeriodUnit;
  charts: ChartKey[];
  series: ('plan' | 'fact' | 'target')[];
  cumulative: boolean;
}

/** Curves over many schedules (space, facility, project) break down by child; a schedule by executor. */
export function defaultConfig(scope: AnalyticsLevel): DashboardConfig {
  const one = scope === 'schedule' || scope === 'version';
  const charts: ChartKey[] = one
    ? ['tiles', 'money_curve', 'money_histogram', 'labour_curve', 'volume', 'executors']
    : ['tiles', 'money_curve', 'money_histogram', 'labour_curve', 'children'];
  return {
    scope,
    unit: one ? 'week' : 'month',
    charts,
    series: ['plan', 'fact', 'target'],
    cumulative: true,
  };
}

export type DashboardLang = 'en' | 'ru';

/** A period's label on a chart axis. */
export function periodLabel(from: number, unit: DashboardConfig['unit'], lang: DashboardLang): string {
  switch (unit) {
    case 'day':
    case 'week':
      return formatDate(from, 'DD.MM.YY', lang);
    case 'month':
      return formatDate(from, 'MMM YYYY', lang);
    case 'quarter': {
      const month = Number(formatDate(from, 'M'));
      return `Q${Math.floor((month - 1) / 3) + 1} ${formatDate(from, 'YYYY')}`;
    }
    case 'year':
      return formatDate(from, 'YYYY');
  }
}
