// The print's rows sorted, grouped and filtered as the workbench shows them (domain/print/arrange
// over the workbench's arrangement and filter): how a row reads in a column — as the schedule
// page's filter reads it — and the group headers' text.

import type { FieldValue, FilterExpr } from '../../domain/filter';
import { printLines } from '../../domain/print/arrange';
import { filterRows } from '../../domain/print/arrange';
import { formatDateTime } from '../../domain/io/write-time';
import type { ScheduleModel } from '../../domain/schedule/model';
import { formatNumber } from '../../domain/format';
import { groupLevels, type Arrangement } from '../../domain/wbs/arrange';
import { rollUpRows, type GroupColumn } from '../../domain/wbs/group-columns';
import { isEvalError } from '../../domain/formula';
import type { ServerLang } from '../i18n/messages';
import type { AttributeValues, ComputedValues } from './attribute-cells';
import type { PrintData, PrintRow, PrintWords } from './render';

/** The rows' volume and price (not in the engine's model), by row id. */
export type Amounts = ReadonlyMap<string, { volume: number | null; price: number | null }>;

const day = (m: number | null): string | null => (m === null ? null : formatDateTime(m).slice(0, 10));

/**
 * How a printed row reads in a column, as the workbench's reader (state/workbench/filter.ts)
 * reads it: durations and floats in working days, `start` and `finish` the early dates the engine
 * stored (not the actual dates the cells print: the grid sorts and filters by the early ones) as
 * YYYY-MM-DD text, the status as the status column (an activity at 100 % is completed), node
 * type and calendar id, volume and price (from `amounts`), attributes by `attr:KEY` (a calculated
 * one as `computed` holds it, an error value as none, as the worker's filter reads them).
 */
export function printReader(
  model: ScheduleModel,
  rows: readonly Pick<PrintRow, 'id'>[],
  amounts?: Amounts,
  computed?: ComputedValues,
) {
  const hpd = new Map(model.calendars.map((c) => [c.id, c.hoursPerDay || 8]));
  const activity = new Map(model.activities.map((a) => [a.id, a]));
  const printed = new Set(rows.map((r) => r.id));
  return (id: string, field: string): FieldValue => {
    const a = activity.get(id);
    if (!a || !printed.has(id)) return null;
    const sum = a.kind === 'sum';
    const days = (m: number | null | undefined) =>
      m === null || m === undefined ? null : m / 60 / (hpd.get(a.calendarId) ?? 8);
    if (field.startsWith('attr:')) {
      const key = field.slice(5);
      const c = computed?.get(id)?.get(key);
      if (c !== undefined) return isEvalError(c) ? null : c;
      return a.attributes?.[key] ?? null;
    }
    switch (field) {
      case 'name':
        return a.name;
      case 'code':
        return a.code;
      case 'type':
        return a.nodeType;
      case 'status':
        // state/workbench/cell-text.ts rowStatus and sumStatus (a summary by its rolled-up percent).
        return (!sum && a.actualFinish !== null) || a.percentComplete >= 100
          ? 'completed'
          : (!sum && a.actualStart !== null) || a.percentComplete > 0
            ? 'in_progress'
            : 'not_started';
      case 'calendar':
        return a.calendarId;
      case 'duration':
        return sum ? null : days(a.duration);
      case 'total_float':
        return sum ? null : days(a.stored?.tf);
      case 'free_float':
        return sum ? null : days(a.stored?.ff);
      case 'start':
        return day(a.stored?.es ?? null);
      case 'finish':
        return day(a.stored?.ef ?? null);
      case 'progress':
        return a.percentComplete;
      case 'volume':
        return amounts?.get(id)?.volume ?? null;
      case 'price':
        return amounts?.get(id)?.price ?? null;
      case 'critical':
        return a.stored?.critical === true;
      default:
        return null;
    }
  };
}

interface HeaderRowRef {
  row: PrintRow | undefined;
  activity: ScheduleModel['activities'][number] | undefined;
}

const finiteOr = (x: number | null | undefined) => (x === null || x === undefined ? undefined : x);

/**
 * The columns a printed group header rolls up: the rows' printed dates, amounts and percent, and
 * the printed attribute columns a header sums (`summed`: number attributes and number formulas,
 * a calculated one over its computed values — an error value adds nothing — as the screen's).
 */
function headerColumns(
  amounts: Amounts | undefined,
  attributeKeys: readonly string[],
  computed: ComputedValues | undefined,
): GroupColumn<HeaderRowRef>[] {
  const sums = attributeKeys.map((key): GroupColumn<HeaderRowRef> => ({
    id: `attr:${key}`,
    kind: 'sum',
    value: (r) => {
      if (!r.activity) return undefined;
      const c = computed?.get(r.activity.id)?.get(key);
      const v = c !== undefined ? c : r.activity.attributes?.[key];
      return typeof v === 'number' ? v : undefined;
    },
  }));
  return [
    ...sums,
    { id: 'start', kind: 'min', value: (r) => finiteOr(r.row?.start) },
    { id: 'finish', kind: 'max', value: (r) => finiteOr(r.row?.finish) },
    { id: 'volume', kind: 'sum', value: (r) => finiteOr(r.row && amounts?.get(r.row.id)?.volume) },
    { id: 'price', kind: 'sum', value: (r) => finiteOr(r.row && amounts?.get(r.row.id)?.price) },
    {
      id: 'percent',
      kind: 'mean',
      value: (r) => r.activity?.percentComplete,
      weight: (r) => r.activity?.duration ?? 0,
    },
  ];
}

/** "{count} activities" in the language's plural form. */
function rowsText(words: PrintWords, lang: ServerLang, count: number): string {
  const form = new Intl.PluralRules(lang).select(count) as keyof PrintWords['group']['rows'];
  return (words.group.rows[form] ?? words.group.rows.other).replace('{count}', String(count));
}

/**
 * `data.rows` (WBS order) rearranged in place: filtered by `filter` and the indicator's test
 * `keep` (a row shows when it passes both, with its ancestors), sorted and grouped by the
 * arrangement, with one header row per group ("Column: value · N activities · start – finish");
 * relations whose ends are not printed are left out.
 */
export function arrangePrintData(
  data: PrintData,
  model: ScheduleModel,
  arrangement: Arrangement,
  filter: FilterExpr | null,
  words: PrintWords,
  lang: ServerLang,
  keep?: (read: (id: string, field: string) => FieldValue) => (id: string) => boolean,
  amounts?: Amounts,
  attributes?: AttributeValues,
): void {
  const read = printReader(model, data.rows, amounts, attributes?.computed);
  const shown = filter || keep ? filterRows(data.rows, filter, read, keep?.(read)) : null;
  const lines = printLines(data.rows, arrangement, read, shown);
  const before = data.rows;
  const activityOf = new Map(model.activities.map((a) => [a.id, a]));
  const column = groupLevels(arrangement)[0] ?? '';
  const title = column.startsWith('attr:')
    ? (data.attributeLabels[column.slice(5)] ?? column.slice(5))
    : (words.columns[column] ?? column);
  const calendarName = new Map(model.calendars.map((c) => [c.id, c.name]));
  const printed = new Set(data.columns.map((c) => c.key));
  const summed = [...(attributes?.summed ?? [])].filter((k) => printed.has(`attr:${k}`));
  const groupColumns = headerColumns(amounts, summed, attributes?.computed);
  const valueText = (v: string) =>
    v === ''
      ? words.group.none
      : column === 'type' || column === 'status'
        ? (words.values[v] ?? v)
        : column === 'calendar'
          ? (calendarName.get(v) ?? v)
          : v;
  const beforeById = new Map(before.map((r) => [r.id, r]));
  const ref: HeaderRowRef = { row: undefined, activity: undefined };
  const rows: PrintRow[] = lines.map((line) => {
    if (line.kind === 'row') {
      const r = before[line.index]!;
      return { ...r, cells: { ...r.cells, name: `${' '.repeat(line.depth * 2)}${r.name}` } };
    }
    const { value, rows: ids } = line.group;
    // The header rolls up its rows as the grid's does (domain/wbs/group-columns.ts): the earliest
    // start and latest finish the rows print, written as their cells are (the label's span, as the
    // grid's, ends a finish at midnight the day before), the volume and price summed, percent
    // complete weighted by planned duration, number attributes and number formulas summed.
    const v = rollUpRows(ids, groupColumns, (id) => {
      ref.row = beforeById.get(id);
      ref.activity = activityOf.get(id);
      return ref;
    });
    const start = v.get('start');
    const finish = v.get('finish');
    const end = finish === undefined ? undefined : finish % 1440 === 0 ? finish - 1 : finish;
    const cells: Record<string, string> = {};
    if (start !== undefined) cells.start = day(start)!;
    if (finish !== undefined) cells.finish = day(finish)!;
    for (const k of ['volume', 'price'] as const) {
      const x = v.get(k);
      if (x !== undefined) cells[k] = formatNumber(x, { lang });
    }
    for (const k of summed) {
      const x = v.get(`attr:${k}`);
      if (x !== undefined) cells[`attr:${k}`] = formatNumber(x, { lang, decimals: 6, trimZeros: true });
    }
    const pct = v.get('percent');
    if (pct !== undefined) cells.percent = cells.progress = `${Math.round(pct)}%`;
    // The label names the span only when the start and finish columns do not print it.
    const span =
      start !== undefined && end !== undefined && !(printed.has('start') && printed.has('finish'))
        ? ` · ${day(start)} – ${day(end)}`
        : '';
    return {
      id: '',
      parent: null,
      group: `${title}: ${valueText(value)} · ${rowsText(words, lang, ids.length)}${span}`,
      code: '',
      name: '',
      level: 0,
      sum: false,
      milestone: false,
      critical: false,
      done: false,
      start: null,
      finish: null,
      cells,
    };
  });
  const at = new Map<string, number>();
  rows.forEach((r, i) => {
    if (r.group === undefined) at.set(r.id, i);
  });
  data.links = data.links.flatMap((l) => {
    const from = at.get(before[l.from]!.id);
    const to = at.get(before[l.to]!.id);
    return from === undefined || to === undefined ? [] : [{ from, to, type: l.type }];
  });
  data.rows = rows;
}
