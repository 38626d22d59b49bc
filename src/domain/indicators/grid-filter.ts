// The grid's indicator filters (the schedule page's `filter_indicator`, spec §2): which rows each
// indicator shows. One test for every place that filters by an indicator — the workbench's grid
// (state/workbench/filter.ts) and the print (server/print/source.ts) — over a reader each fills
// from what it holds (the worker's schedule there, the stored dates here). Pure.
import { assessSchedule } from './dcma';
import type { IndInput, IndicatorKey } from './types';

/**
 * The schedule quality checks a grid can filter by. Resources are left out: the workbench does
 * not hold every row's assignments (the indicators tab counts them on the server).
 */
export const QUALITY_INDICATORS = [
  'logic',
  'leads',
  'lags',
  'relationship_types',
  'hard_constraints',
  'high_float',
  'high_duration',
  'invalid_dates',
  'missed_tasks',
  'critical_path_test',
  'bei',
  'started_late',
  'finished_late',
  'slipped_finish',
] as const satisfies readonly IndicatorKey[];
export type QualityIndicator = (typeof QUALITY_INDICATORS)[number];

/** Every `filter_indicator` value. */
export const GRID_INDICATORS = [
  'critical',
  'negative_float',
  'not_started',
  'in_progress',
  'completed',
  'milestones',
  'delayed',
  // The schedule quality checks (DCMA and against the target): the rows each flags.
  ...QUALITY_INDICATORS,
] as const;
export type GridIndicator = (typeof GRID_INDICATORS)[number];

export const isGridIndicator = (s: string): s is GridIndicator =>
  (GRID_INDICATORS as readonly string[]).includes(s);

/** How the indicator tests read a row; `undefined` position means the row is not scheduled. */
export interface IndicatorReader {
  /** The row's node type (sum, task, work, milestone_start, milestone_finish, draft); undefined: no row. */
  nodeType(id: string): string | undefined;
  /** The row's status as the grid's status column reads it. */
  status(id: string): 'not_started' | 'in_progress' | 'completed';
  /** Whether the engine scheduled the row (critical, total float and early finish exist). */
  scheduled(id: string): boolean;
  critical(id: string): boolean;
  /** Total float, working minutes. */
  tf(id: string): number;
  /** Early finish, minutes. */
  ef(id: string): number;
  /** The target version's finish of the same activity (undefined: no target or no match). */
  targetFinish(id: string): number | undefined;
  /** The rows a quality check flags (`qualityFlags` of the same rows). */
  quality(key: QualityIndicator): ReadonlySet<string>;
}

/** Whether a row shows under the indicator (ancestors are added by the caller). */
export function indicatorTest(indicator: GridIndicator, r: IndicatorReader): (id: string) => boolean {
  const activity = (id: string) => {
    const t = r.nodeType(id);
    return t !== undefined && t !== 'sum';
  };
  switch (indicator) {
    case 'critical':
      return (id) => activity(id) && r.scheduled(id) && r.critical(id);
    case 'negative_float':
      return (id) => activity(id) && r.scheduled(id) && r.tf(id) < 0;
    case 'not_started':
    case 'in_progress':
    case 'completed':
      return (id) => activity(id) && r.status(id) === indicator;
    case 'milestones':
      return (id) => {
        const t = r.nodeType(id);
        return t === 'milestone_start' || t === 'milestone_finish';
      };
    case 'delayed':
      // Finishing later than in the target version (nothing without a target).
      return (id) => {
        if (!activity(id) || !r.scheduled(id)) return false;
        const target = r.targetFinish(id);
        return target !== undefined && r.ef(id) > target;
      };
    default: {
      const flagged = r.quality(indicator);
      return (id) => flagged.has(id);
    }
  }
}

/** The rows each schedule quality check flags (the indicators' own assessment). */
export function qualityFlags(input: IndInput): Map<IndicatorKey, ReadonlySet<string>> {
  return new Map(assessSchedule(input).map((i) => [i.key, new Set(i.ids)] as const));
}
