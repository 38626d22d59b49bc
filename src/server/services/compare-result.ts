// The compare call's answer from the domain's comparison (snake_case, as the contract says).
import type { CompareResult } from '../../api/version-compare';
import type { Version } from '../../api/versions';
import type { CompareActivity, RowDiff, VersionComparison } from '../../domain/versions/compare';
import { dateSpan } from '../../domain/versions/compare-page';

const sideRow = (a: CompareActivity | null) =>
  a && {
    id: a.id,
    code: a.code,
    name: a.name,
    node_type: a.nodeType,
    duration: a.duration,
    percent: a.percent,
    calendar_id: a.calendarId,
    constraint: a.constraint,
    assignments: a.assignments,
    attributes: a.attributes,
    start: a.start,
    finish: a.finish,
    total_float: a.totalFloat,
    critical: a.critical,
  };

/**
 * The answer with the rows given (`page`: one page of a filter, with the filter's total and the
 * page's offset; without it every row of the comparison, as the XLSX export writes them).
 */
export function comparisonResult(
  base: Version,
  version: Version,
  c: VersionComparison,
  ms: number,
  page?: { rows: readonly RowDiff[]; total: number; offset: number },
): CompareResult {
  const s = c.summary;
  const rows = page?.rows ?? c.rows;
  return {
    base,
    version,
    total: page?.total ?? c.rows.length,
    offset: page?.offset ?? 0,
    span: dateSpan(c),
    rows: rows.map((r) => ({
      status: r.status,
      base: sideRow(r.base),
      current: sideRow(r.current),
      changed: [...r.changed],
      start_slip_days: r.startSlipDays,
      finish_slip_days: r.finishSlipDays,
      matched_by: r.matchedBy,
    })),
    relations: c.relations.map((r) => ({
      status: r.status,
      pred_code: r.predCode,
      succ_code: r.succCode,
      type: r.type,
      lag: r.lag,
      ...(r.baseType !== undefined ? { base_type: r.baseType } : {}),
      ...(r.baseLag !== undefined ? { base_lag: r.baseLag } : {}),
    })),
    summary: {
      added: s.added,
      removed: s.removed,
      changed: s.changed,
      same: s.same,
      base_finish: s.baseFinish,
      current_finish: s.currentFinish,
      finish_moved_days: s.finishMovedDays,
      critical_changed: s.criticalChanged,
      slipped: s.slipped,
      slip_days: s.slipDays,
      relations_added: s.relationsAdded,
      relations_removed: s.relationsRemoved,
      relations_changed: s.relationsChanged,
    },
    ms,
  };
}
