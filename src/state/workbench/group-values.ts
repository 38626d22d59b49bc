// The group headers' column values in the workbench (domain/wbs/group-columns.ts over the store):
// how each displayed column rolls up, read from the rows and the schedule as the grid's cells
// read them, and their text as a summary row's cells write it. Computed for every header at once
// and kept while the headers, the rows, the schedule, the text context and the columns stay the
// same, so a scroll frame or a header's render only looks the values up.

import { rowStatus } from '../../domain/filter/grid-fields';
import { formatNumber } from '../../domain/format';
import type { RowGroup } from '../../domain/wbs/arrange';
import { groupColumnValues, type GroupColumn, type GroupValues } from '../../domain/wbs/group-columns';
import type { RowId, WbsRow } from '../../domain/wbs/types';
import { durationText, finishDateText, startDateText, type CellTextContext } from './cell-text';
import { columnDef } from './columns';
import type { ScheduleSnapshot } from './schedule-snapshot';
import type { ColumnId } from './types';

export interface GroupValuesInput {
  readonly groups: ReadonlyMap<RowId, RowGroup>;
  readonly rows: ReadonlyMap<RowId, WbsRow>;
  readonly schedule: ScheduleSnapshot | null;
  readonly ctx: CellTextContext;
  /** The displayed columns (only these are rolled up). */
  readonly columns: readonly ColumnId[];
}

const finite = (v: number | null | undefined): number | undefined =>
  v === null || v === undefined || !Number.isFinite(v) ? undefined : v;

/** A row as the columns read it: its WBS row, its id and its place in the schedule (-1: none). */
export interface GroupRowRef {
  row: WbsRow | undefined;
  id: RowId;
  p: number;
}

/**
 * How a displayed column rolls up over a group (null: it stays empty — text, lists, calendars,
 * status, free float, which a summary has none of, date attributes and formulas that give no
 * numbers). A formula giving numbers is summed over the values the worker computed.
 */
export function groupColumn(
  id: ColumnId,
  input: Pick<GroupValuesInput, 'schedule' | 'ctx'>,
): GroupColumn<GroupRowRef> | null {
  const { schedule: s, ctx } = input;
  const at = (r: GroupRowRef, arr: ArrayLike<number> | undefined): number | undefined =>
    r.p < 0 || !arr ? undefined : arr[r.p];
  // Dates not scheduled are negative (as groupSpan reads them).
  const dated = (r: GroupRowRef, arr: ArrayLike<number> | undefined) => {
    const v = at(r, arr);
    return v !== undefined && v >= 0 ? v : undefined;
  };
  // As the grid: completed rows and other projects' rows have no float, so they add none.
  const open = (r: GroupRowRef) => !!r.row && rowStatus(r.row) !== 'completed' && !r.row.sched?.external;
  const float = (arr: ArrayLike<number> | undefined) => (r: GroupRowRef) =>
    open(r) ? at(r, arr) : undefined;
  switch (id) {
    case 'start':
      return { id, kind: 'min', value: (r) => dated(r, s?.es) };
    case 'finish':
      return { id, kind: 'max', value: (r) => dated(r, s?.ef) };
    case 'duration': {
      const work = ctx.workBetween;
      if (!work) return null;
      // A summary's duration: working time from its start to its finish, on the version's calendar.
      return {
        id,
        kind: 'span',
        start: (r) => dated(r, s?.es),
        finish: (r) => dated(r, s?.ef),
        length: (a, b) => Math.max(0, work(null, a, b)),
      };
    }
    case 'total_float':
      return { id, kind: 'min', value: float(s?.tf) };
    case 'start_float':
      return { id, kind: 'min', value: float(s?.startFloat) };
    case 'finish_float':
      return { id, kind: 'min', value: float(s?.finishFloat) };
    case 'progress':
      return {
        id,
        kind: 'mean',
        value: (r) => at(r, s?.percentComplete),
        weight: (r) => r.row?.duration ?? 0,
      };
    case 'volume':
    case 'price':
      return { id, kind: 'sum', value: (r) => finite(r.row?.[id]) };
    case 'accepted_start':
      return { id, kind: 'min', value: (r) => finite(ctx.acceptedDates?.(r.id)?.start) };
    case 'accepted_finish':
      return { id, kind: 'max', value: (r) => finite(ctx.acceptedDates?.(r.id)?.finish) };
    default: {
      const def = columnDef(id);
      const key = def.domain.attribute;
      if (!def.number || key === undefined) return null;
      // A calculated attribute reads the worker's value, as its cell does; a stored one the row's.
      const computed = ctx.formulaValue;
      return {
        id,
        kind: 'sum',
        value: (r) => {
          const c = computed?.(key, r.id);
          const v = c !== undefined ? c : r.row?.attributes[key];
          return typeof v === 'number' ? v : undefined;
        },
      };
    }
  }
}

let last: { input: GroupValuesInput; key: string; out: Map<RowId, GroupValues> } | null = null;

/** Every header's values; the same map again while nothing they are made of changed. */
export function groupValuesOf(input: GroupValuesInput): ReadonlyMap<RowId, GroupValues> {
  const key = input.columns.join('\u0002');
  const p = last?.input;
  if (
    last &&
    p!.groups === input.groups &&
    p!.rows === input.rows &&
    p!.schedule === input.schedule &&
    p!.ctx === input.ctx &&
    last.key === key
  )
    return last.out;
  const columns = input.columns.map((id) => groupColumn(id, input)).filter((c) => c !== null);
  // One scratch reference, filled per row: the columns read it at once, before the next row.
  const ref: GroupRowRef = { row: undefined, id: '', p: -1 };
  const { rows, schedule } = input;
  const out = groupColumnValues(input.groups, columns, (id) => {
    ref.id = id;
    ref.row = rows.get(id);
    ref.p = schedule?.position.get(id) ?? -1;
    return ref;
  });
  last = { input, key, out };
  return out;
}

/** A header's cell text, written as a summary row's (spec §9 numbers; days of the default calendar). */
export function groupCellText(id: ColumnId, values: GroupValues, ctx: CellTextContext): string {
  const v = values.get(id);
  if (v === undefined) return '';
  const { lang } = ctx;
  switch (id) {
    case 'duration':
    case 'total_float':
    case 'start_float':
    case 'finish_float':
      return durationText(v, null, ctx.hoursPerDay, lang);
    case 'start':
    case 'accepted_start':
      return startDateText(v, lang);
    case 'finish':
    case 'accepted_finish':
      return finishDateText(v, lang);
    case 'progress':
      return formatNumber(v, { decimals: 0, lang, trimZeros: true });
    case 'volume':
    case 'price':
      return formatNumber(v, { lang });
    default:
      return formatNumber(v, { lang, decimals: 6, trimZeros: true });
  }
}
