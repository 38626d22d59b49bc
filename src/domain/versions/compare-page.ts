// One page of a version comparison (docs/versions.md, "Paging"): the compare call answers the
// rows a filter keeps — a kind of change (differences, all, added, removed, changed, slipped) and
// optionally one changed field — from an offset, not every row, plus how many the filter keeps
// and the span of both versions' dates (the compare view's time scale). Pure.
import type { ComparedField, RowDiff, VersionComparison } from './compare';

export const COMPARE_SHOWS = ['differences', 'all', 'added', 'removed', 'changed', 'slipped'] as const;
export type CompareShow = (typeof COMPARE_SHOWS)[number];

export interface PageQuery {
  readonly show: CompareShow;
  /** Only rows where this field changed (undefined: any). */
  readonly field?: ComparedField | undefined;
  readonly offset: number;
  readonly limit: number;
}

export interface ComparePage {
  /** The rows the filter keeps, from `offset`, at most `limit`, in the comparison's order. */
  readonly rows: readonly RowDiff[];
  /** How many rows the filter keeps in all. */
  readonly total: number;
  readonly offset: number;
}

/** Whether a row passes the filter (`slipDays`: the comparison's threshold for "slipped"). */
export function keeps(r: RowDiff, show: CompareShow, slipDays: number, field?: ComparedField): boolean {
  const kind =
    show === 'all'
      ? true
      : show === 'differences'
        ? r.status !== 'same'
        : show === 'slipped'
          ? (r.finishSlipDays ?? 0) > slipDays
          : r.status === show;
  return kind && (field === undefined || r.changed.includes(field));
}

/** The indexes of the rows a filter keeps (kept with the comparison, so each page is a slice). */
export function keptIndexes(c: VersionComparison, show: CompareShow, field?: ComparedField): Int32Array {
  const rows = c.rows;
  if (show === 'all' && field === undefined) return Int32Array.from(rows.keys());
  const out = new Int32Array(rows.length);
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (keeps(rows[i]!, show, c.summary.slipDays, field)) out[n++] = i;
  return out.slice(0, n);
}

/** The page a query asks for, from the kept indexes of its filter. */
export function pageOf(c: VersionComparison, kept: Int32Array, q: PageQuery): ComparePage {
  const offset = Math.min(q.offset, kept.length);
  const end = Math.min(kept.length, offset + q.limit);
  const rows: RowDiff[] = [];
  for (let k = offset; k < end; k++) rows.push(c.rows[kept[k]!]!);
  return { rows, total: kept.length, offset };
}

/** The earliest start and latest finish of both versions' rows (null when nothing is dated). */
export function dateSpan(c: VersionComparison): { start: number; finish: number } | null {
  let start = Infinity;
  let finish = -Infinity;
  for (const r of c.rows)
    for (const s of [r.base, r.current])
      if (s && s.start !== null && s.finish !== null) {
        if (s.start < start) start = s.start;
        if (s.finish > finish) finish = s.finish;
      }
  return Number.isFinite(start) ? { start, finish: Math.max(finish, start) } : null;
}
