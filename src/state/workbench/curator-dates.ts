// The curator's accepted dates in the workbench grid (issue 27, docs/versions.md): the two
// read-only columns Accepted start and Accepted finish beside the row's own dates, which the
// filter and the layout's sort read as they read Start and Finish. The dates are asked for
// (GET versions/{id}/accepted-curator-dates) only when a column shows them or the filter or
// sort reads them, after each load of the version.
import { groupLevels } from '../../domain/wbs/arrange';
import type { CuratorDateRow } from '../../api/curator-dates';
import type { AcceptedDates, WorkbenchState } from './store';

export const CURATOR_COLUMNS: readonly string[] = ['accepted_start', 'accepted_finish'];

/** Accepted dates by row id (rows never accepted are left out). */
export function acceptedDatesOf(
  rows: readonly Pick<CuratorDateRow, 'wbs_id' | 'accepted_start' | 'accepted_finish'>[],
): Map<string, AcceptedDates> {
  const out = new Map<string, AcceptedDates>();
  for (const r of rows)
    if (r.accepted_start !== null || r.accepted_finish !== null)
      out.set(r.wbs_id, { start: r.accepted_start, finish: r.accepted_finish });
  return out;
}

/** Whether the page shows or reads the accepted dates: a visible column, the filter, the sort. */
export function needsCuratorDates(s: Pick<WorkbenchState, 'columns' | 'filter' | 'arrange'>): boolean {
  if (s.columns.some((c) => c.visible && CURATOR_COLUMNS.includes(c.id))) return true;
  const reads = (text: string) => CURATOR_COLUMNS.some((c) => text.includes(c));
  if (s.filter?.expr && reads(JSON.stringify(s.filter.expr))) return true;
  const a = s.arrange;
  return (
    !!a &&
    (a.sort.some((k) => CURATOR_COLUMNS.includes(k.column)) ||
      groupLevels(a).some((c) => CURATOR_COLUMNS.includes(c)))
  );
}
