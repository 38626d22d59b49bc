// The layout's sort and grouping in the workbench: how rows read in a column for them (as the
// filter reads them: the grid's values, dates and floats from the schedule, calculated
// attributes from the worker), setting them, and keeping them applied as the data changes — after
// every load and change, and when a schedule or calculated values arrive if they read those.

import { groupLevels, type Arrangement, type ArrangeValue } from '../../domain/wbs/arrange';
import type { ItemId } from './types';
import { reader } from './filter';
import { services } from './services';
import type { WorkbenchState } from './store';
import { workbench } from './store';

export interface ArrangeInput {
  readonly arrangement: Arrangement;
  readonly read: (id: ItemId, column: string) => ArrangeValue;
  /** Group headers whose rows are hidden. */
  readonly folded: ReadonlySet<ItemId>;
}

const SCHEDULE_COLUMNS = new Set([
  'start',
  'finish',
  'total_float',
  'free_float',
  'start_float',
  'finish_float',
  'critical',
  'status',
]);

/** Whether an arrangement does anything (a sort key or a grouping). */
export const arranges = (a: Arrangement | null): a is Arrangement =>
  a !== null && (a.sort.length > 0 || groupLevels(a).length > 0);

/** The grouping as the layout contracts hold it: the levels, outermost first (null: none). */
export function groupByOf(a: Arrangement | null): string[] | null {
  const levels = a ? groupLevels(a) : [];
  return levels.length ? [...levels] : null;
}

const columnsOf = (a: Arrangement) => [...a.sort.map((k) => k.column), ...groupLevels(a)];

/** The state's arrangement with its row reader (undefined: WBS order). */
export function arrangeOf(
  s: Pick<
    WorkbenchState,
    'arrange' | 'foldedGroups' | 'wbs' | 'schedule' | 'formulaValues' | 'target' | 'curatorDates'
  >,
): ArrangeInput | undefined {
  if (!arranges(s.arrange)) return undefined;
  const get = reader(s as WorkbenchState, (id) => services().hoursPerDay(id));
  return {
    arrangement: s.arrange,
    read: (id, column) => {
      const v = get(id, column);
      return Array.isArray(v) ? v.join(', ') : (v as ArrangeValue);
    },
    folded: s.foldedGroups,
  };
}

/** Whether the arrangement reads engine results (it is applied again when a schedule arrives). */
export function readsSchedule(a: Arrangement | null): boolean {
  return arranges(a) && columnsOf(a).some((c) => SCHEDULE_COLUMNS.has(c));
}

/** Whether the arrangement reads an attribute (calculated ones arrive from the worker). */
export function readsAttributes(a: Arrangement | null): boolean {
  return arranges(a) && columnsOf(a).some((c) => c.startsWith('attr:'));
}

/** Two arrangements the same (null and "nothing" alike). */
export function sameArrangement(a: Arrangement | null, b: Arrangement | null): boolean {
  const x = arranges(a) ? a : null;
  const y = arranges(b) ? b : null;
  if (x === null || y === null) return x === y;
  return (
    groupLevels(x).join('\u0002') === groupLevels(y).join('\u0002') &&
    x.sort.length === y.sort.length &&
    x.sort.every((k, i) => k.column === y.sort[i]!.column && k.dir === y.sort[i]!.dir)
  );
}

/** Whether the arrangement reads the curator's accepted dates (they arrive after a load). */
export function readsCuratorDates(a: Arrangement | null): boolean {
  return arranges(a) && columnsOf(a).some((c) => c === 'accepted_start' || c === 'accepted_finish');
}

/** Applied after each schedule or calculated values that the arrangement reads. */
export function followArrangement(refresh: () => void): () => void {
  return workbench.subscribe((s, prev) => {
    if (!arranges(s.arrange)) return;
    if (s.schedule !== prev.schedule && readsSchedule(s.arrange)) refresh();
    else if (s.formulaValues !== prev.formulaValues && readsAttributes(s.arrange)) refresh();
    else if (s.curatorDates !== prev.curatorDates && readsCuratorDates(s.arrange)) refresh();
  });
}
