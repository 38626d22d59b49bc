// The schedule page's `filter_indicator` over whatever holds the rows and the schedule: the main
// thread's store (state/workbench/filter.ts) or the schedule worker (workers/filter-core.ts). The
// tests themselves are domain/indicators/grid-filter.ts; this fills their reader, and runs the
// schedule quality checks (domain/indicators) over the same rows, relations, dates and target.

import { indicatorTest, qualityFlags, type GridIndicator } from '../indicators/grid-filter';
import type { IndActivity, IndicatorKey } from '../indicators';
import type { RowId, WbsRelation, WbsRow } from '../wbs/types';
import { rowStatus } from './grid-fields';

/** The schedule by row id (raw values of the engine's arrays). */
export interface IndicatorSchedule {
  /** Whether the engine scheduled the row. */
  has(id: RowId): boolean;
  es(id: RowId): number;
  ef(id: RowId): number;
  tf(id: RowId): number;
  critical(id: RowId): boolean;
}

export interface IndicatorSources {
  readonly rows: ReadonlyMap<RowId, WbsRow>;
  readonly relations: Iterable<WbsRelation>;
  /** null: no schedule yet. */
  readonly schedule: IndicatorSchedule | null;
  /** The target version's start and finish by row id (null: no target). */
  readonly target: ReadonlyMap<RowId, readonly [number, number]> | null;
  readonly dataDate: number | null;
  /** Working minutes of the default calendar's day. */
  readonly minutesPerDay: number;
}

/** The rows each schedule quality check flags over these sources. */
export function gridQualityFlags(src: IndicatorSources): Map<IndicatorKey, ReadonlySet<string>> {
  const sch = src.schedule;
  const activities: IndActivity[] = [];
  for (const r of src.rows.values()) {
    if (r.nodeType === 'sum' || r.nodeType === 'draft') continue;
    const on = sch !== null && sch.has(r.id);
    const date = (v: number) => (v < 0 ? null : v);
    activities.push({
      id: r.id,
      type: r.nodeType === 'milestone_start' || r.nodeType === 'milestone_finish' ? 'milestone' : 'task',
      duration: r.duration,
      remaining: r.remaining ?? (r.duration * (100 - r.percentComplete)) / 100,
      actualStart: r.actualStart,
      actualFinish: r.actualFinish,
      es: on ? date(sch.es(r.id)) : null,
      ef: on ? date(sch.ef(r.id)) : null,
      tf: on ? sch.tf(r.id) : null,
      critical: on ? sch.critical(r.id) : null,
      startLimit: r.startLimitType,
      finishLimit: r.finishLimitType,
      // Unknown here; the resources check is not offered as a grid filter.
      resources: 1,
    });
  }
  const ids = new Set(activities.map((a) => a.id));
  const relations = [];
  for (const r of src.relations)
    if (ids.has(r.predId) && ids.has(r.succId))
      relations.push({ pred: r.predId, succ: r.succId, type: r.type, lag: r.lag });
  return qualityFlags({
    activities,
    relations,
    target: src.target
      ? new Map([...src.target].map(([id, [start, finish]]) => [id, { start, finish }]))
      : null,
    dataDate: src.dataDate,
    minutesPerDay: src.minutesPerDay,
  });
}

/**
 * The indicator's test by row id (ancestors are added by the caller); `quality` gives the flags
 * of a quality check (computed when first asked, by the caller's cache).
 */
export function gridIndicatorTest(
  indicator: GridIndicator,
  src: Pick<IndicatorSources, 'rows' | 'schedule' | 'target'>,
  quality: () => Map<IndicatorKey, ReadonlySet<string>>,
): (id: RowId) => boolean {
  const sch = src.schedule;
  return indicatorTest(indicator, {
    nodeType: (id) => src.rows.get(id)?.nodeType,
    status: (id) => rowStatus(src.rows.get(id)!),
    scheduled: (id) => sch !== null && sch.has(id),
    critical: (id) => sch!.critical(id),
    tf: (id) => sch!.tf(id),
    ef: (id) => sch!.ef(id),
    targetFinish: (id) => src.target?.get(id)?.[1],
    quality: (key) => quality().get(key) ?? new Set<string>(),
  });
}
