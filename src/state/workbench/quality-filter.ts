// The schedule quality checks (src/domain/indicators) as grid filters: `filter_indicator=<check>`
// shows the rows the check flags, computed from what the workbench holds (rows, relations, the
// engine's dates, the target's dates), the same function the server's indicator call runs.
import { qualityFlags, type QualityIndicator } from '../../domain/indicators/grid-filter';
import type { IndActivity, IndicatorKey } from '../../domain/indicators';
import type { WorkbenchState } from './store';
import type { ItemId } from './types';

let last: {
  schedule: unknown;
  doc: unknown;
  target: unknown;
  flagged: Map<IndicatorKey, ReadonlySet<string>>;
} | null = null;

/** The rows a check flags in this state (the last assessment is kept while its inputs stay). */
export function qualityFlagged(
  s: WorkbenchState,
  key: QualityIndicator,
  minutesPerDay: number,
): ReadonlySet<ItemId> {
  if (!last || last.schedule !== s.schedule || last.doc !== s.wbs.doc || last.target !== s.target) {
    const flagged = assess(s, minutesPerDay);
    last = { schedule: s.schedule, doc: s.wbs.doc, target: s.target, flagged };
  }
  return last.flagged.get(key) ?? new Set<string>();
}

function assess(s: WorkbenchState, minutesPerDay: number) {
  const sch = s.schedule;
  const at = (id: string, a: Int32Array | undefined) => {
    const p = sch?.position.get(id);
    if (p === undefined || !a) return null;
    const v = a[p]!;
    return v < 0 && a !== sch!.tf ? null : v;
  };
  const activities: IndActivity[] = [];
  for (const r of s.wbs.doc.rows.values()) {
    if (r.nodeType === 'sum' || r.nodeType === 'draft') continue;
    const p = sch?.position.get(r.id);
    activities.push({
      id: r.id,
      type: r.nodeType === 'milestone_start' || r.nodeType === 'milestone_finish' ? 'milestone' : 'task',
      duration: r.duration,
      remaining: r.remaining ?? (r.duration * (100 - r.percentComplete)) / 100,
      actualStart: r.actualStart,
      actualFinish: r.actualFinish,
      es: at(r.id, sch?.es),
      ef: at(r.id, sch?.ef),
      tf: p === undefined || !sch ? null : sch.tf[p]!,
      critical: p === undefined || !sch ? null : sch.critical[p] === 1,
      startLimit: r.startLimitType,
      finishLimit: r.finishLimitType,
      // Unknown here; the resources check is not offered as a grid filter.
      resources: 1,
    });
  }
  const ids = new Set(activities.map((a) => a.id));
  return qualityFlags({
    activities,
    relations: [...s.wbs.doc.relations.values()]
      .filter((r) => ids.has(r.predId) && ids.has(r.succId))
      .map((r) => ({ pred: r.predId, succ: r.succId, type: r.type, lag: r.lag })),
    target: s.target
      ? new Map([...s.target.dates].map(([id, [start, finish]]) => [id, { start, finish }]))
      : null,
    dataDate: s.version?.data_date ?? null,
    minutesPerDay,
  });
}
