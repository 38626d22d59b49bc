// The schedule quality checks (src/domain/indicators) as grid filters: `filter_indicator=<check>`
// shows the rows the check flags, computed from what the workbench holds (rows, relations, the
// engine's dates, the target's dates), the same function the server's indicator call runs.
import { gridQualityFlags, type IndicatorSchedule } from '../../domain/filter/grid-indicators';
import type { IndicatorKey } from '../../domain/indicators';
import type { WorkbenchState } from './store';
import type { ItemId } from './types';

let last: {
  schedule: unknown;
  doc: unknown;
  target: unknown;
  dataDate: number | null;
  minutesPerDay: number;
  flagged: Map<IndicatorKey, ReadonlySet<string>>;
} | null = null;

/** The rows each check flags in this state (the last assessment is kept while its inputs stay). */
export function qualityFlagged(
  s: WorkbenchState,
  minutesPerDay: number,
): Map<IndicatorKey, ReadonlySet<ItemId>> {
  if (
    !last ||
    last.schedule !== s.schedule ||
    last.doc !== s.wbs.doc ||
    last.target !== s.target ||
    last.dataDate !== (s.version?.data_date ?? null) ||
    last.minutesPerDay !== minutesPerDay
  ) {
    const flagged = gridQualityFlags({
      rows: s.wbs.doc.rows,
      relations: s.wbs.doc.relations.values(),
      schedule: indicatorSchedule(s),
      target: s.target?.dates ?? null,
      dataDate: s.version?.data_date ?? null,
      minutesPerDay,
    });
    last = {
      schedule: s.schedule,
      doc: s.wbs.doc,
      target: s.target,
      dataDate: s.version?.data_date ?? null,
      minutesPerDay,
      flagged,
    };
  }
  return last.flagged;
}

/** The store's schedule by row id, as the indicator tests read it. */
export function indicatorSchedule(s: WorkbenchState): IndicatorSchedule | null {
  const sch = s.schedule;
  if (!sch) return null;
  const pos = (id: ItemId) => sch.position.get(id)!;
  return {
    has: (id) => sch.position.has(id),
    es: (id) => sch.es[pos(id)]!,
    ef: (id) => sch.ef[pos(id)]!,
    tf: (id) => sch.tf[pos(id)]!,
    critical: (id) => sch.critical[pos(id)] === 1,
  };
}
