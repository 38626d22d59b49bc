// A layout's sort and grouping in the workbench store: applied to the view, kept through a load,
// an edit and a filter, re-applied when a schedule it reads arrives; a group header is not a row
// commands act on.
import { beforeEach, describe, expect, it } from 'vitest';
import { ganttSource } from '../../src/gantt/gantt-source';
import { followArrangement } from '../../src/state/workbench/arrange';
import { runCommand } from '../../src/state/workbench/commands';
import { commitEdit, startEdit } from '../../src/state/workbench/commands-edit';
import { selectedIds } from '../../src/state/workbench/commands-rows';
import { loadVersion, rearrange, setArrangement, setExpanded } from '../../src/state/workbench/data';
import { parseFilterParams } from '../../src/state/workbench/filter';
import { setFilter } from '../../src/state/workbench/filter-view';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import type { ScheduleSnapshot } from '../../src/state/workbench/schedule-snapshot';
import { chain, DAY, version } from './fixtures';

provideServices({ newId: () => 'new', hoursPerDay: () => 8 });

const ids = () => workbench.get().visible.ids;
const GROUP = '\u0001group:';

/** A schedule where T1 … T4 start on the days given (in working days from a Monday). */
function schedule(startDays: Record<string, number>): ScheduleSnapshot {
  const s = workbench.get();
  const order = [...s.wbs.doc.rows.keys()].sort();
  const n = order.length;
  const es = Int32Array.from(order, (id) => 9501 * 1440 + (startDays[id] ?? 0) * 1440);
  return {
    revision: s.dataRevision,
    position: new Map(order.map((id, i) => [id, i])),
    es,
    ef: es.map((x) => x + 480),
    ls: new Int32Array(n),
    lf: new Int32Array(n),
    tf: new Int32Array(n),
    ff: new Int32Array(n),
    critical: new Uint8Array(n),
    projectFinish: 0,
    ms: 0,
  };
}

describe('the arranged view', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    stop?.();
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(4);
    const zones = ['North', 'South', 'North', ''];
    const durations = [2, 5, 1, 3];
    rows.forEach((r, i) => {
      if (i === 0) return;
      rows[i] = {
        ...r,
        duration: durations[i - 1]! * DAY,
        attributes: zones[i - 1] ? { zone: zones[i - 1]! } : {},
      };
    });
    loadVersion(version(), rows, relations);
    stop = followArrangement(rearrange);
  });

  it('sorts siblings under their parent and follows an edit of the sorted column', () => {
    setArrangement({ sort: [{ column: 'duration', dir: 'desc' }], groupBy: null });
    expect(ids()).toEqual(['S', 'T2', 'T4', 'T1', 'T3']);
    // T3 (row 5) becomes the longest: it moves up.
    workbench.set({ selection: { anchor: { row: 4, col: 3 }, focus: { row: 4, col: 3 } } });
    startEdit('9');
    commitEdit('9');
    expect(ids()).toEqual(['S', 'T3', 'T2', 'T4', 'T1']);
    setArrangement(null);
    expect(ids()).toEqual(['S', 'T1', 'T2', 'T3', 'T4']);
  });

  it('keeps the focused row focused when the sort moves it, and the untouched start at the top', () => {
    setArrangement({ sort: [{ column: 'duration', dir: 'desc' }], groupBy: null });
    expect(workbench.get().selection.focus.row).toBe(0);
    // T1 (row 3 in this order) is chosen; sorting back puts it at row 1, and the focus goes along.
    workbench.set({ selection: { anchor: { row: 3, col: 2 }, focus: { row: 3, col: 2 } } });
    setArrangement(null);
    expect(ids()[workbench.get().selection.focus.row]).toBe('T1');
    expect(workbench.get().selection.focus).toEqual({ row: 1, col: 2 });
  });

  it('groups the activities by an attribute, through a filter and a reload', () => {
    setArrangement({ sort: [{ column: 'duration', dir: 'asc' }], groupBy: 'attr:zone' });
    expect(ids()).toEqual([`${GROUP}North`, 'T3', 'T1', `${GROUP}South`, 'T2', `${GROUP}`, 'T4']);
    expect(workbench.get().visible.groups?.get(`${GROUP}North`)?.rows).toEqual(['T3', 'T1']);
    const p = parseFilterParams('{"field":"duration","op":"gte","value":2}', null);
    if (!p.ok) throw new Error('filter');
    setFilter(p.filter);
    expect(ids()).toEqual([`${GROUP}North`, 'T1', `${GROUP}South`, 'T2', `${GROUP}`, 'T4']);
    setFilter(null);
    const { rows, relations } = chain(4);
    loadVersion(version(), rows, relations);
    expect(ids()).toEqual([`${GROUP}`, 'T1', 'T2', 'T3', 'T4']);
  });

  it('a header row is not selected for commands and opens no editor', () => {
    setArrangement({ sort: [], groupBy: 'attr:zone' });
    workbench.set({ selection: { anchor: { row: 0, col: 1 }, focus: { row: 2, col: 1 } } });
    expect(selectedIds(workbench.get())).toEqual(['T1', 'T3']);
    workbench.set({ selection: { anchor: { row: 0, col: 1 }, focus: { row: 0, col: 1 } } });
    startEdit('x');
    expect(workbench.get().editing).toBeNull();
  });

  it('a header folds and unfolds its rows as a summary does, the fold kept while the grouping stays', () => {
    setArrangement({ sort: [], groupBy: 'attr:zone' });
    const north = `${GROUP}North`;
    // The focus on T3 (row 2), the North header folded by its triangle: the focus goes to the header.
    workbench.set({ selection: { anchor: { row: 2, col: 1 }, focus: { row: 2, col: 1 } } });
    setExpanded([north], false);
    expect(ids()).toEqual([north, `${GROUP}South`, 'T2', `${GROUP}`, 'T4']);
    expect(workbench.get().selection.focus).toEqual({ row: 0, col: 1 });
    // Its summary still counts both rows.
    expect(workbench.get().visible.groups?.get(north)?.rows).toEqual(['T1', 'T3']);
    // Commands on the header alone act on no row: Delete removes nothing.
    const before = workbench.get().wbs.doc.rows.size;
    runCommand('deleteRows');
    expect(workbench.get().wbs.doc.rows.size).toBe(before);
    // The keyboard: Alt+Shift+= on the header unfolds it, Alt+Shift+- folds the South header.
    runCommand('expandRow');
    expect(ids()).toEqual([north, 'T1', 'T3', `${GROUP}South`, 'T2', `${GROUP}`, 'T4']);
    workbench.set({ selection: { anchor: { row: 3, col: 1 }, focus: { row: 3, col: 1 } } });
    runCommand('collapseRow');
    expect(ids()).toEqual([north, 'T1', 'T3', `${GROUP}South`, `${GROUP}`, 'T4']);
    // A reload (T4 now in North) and a new sort keep South folded.
    const { rows, relations } = chain(4);
    rows.forEach((r, i) => {
      if (i > 0) rows[i] = { ...r, attributes: { zone: ['North', 'South', 'North', 'North'][i - 1]! } };
    });
    loadVersion(version(), rows, relations);
    setArrangement({ sort: [{ column: 'duration', dir: 'desc' }], groupBy: 'attr:zone' });
    expect(ids()).toEqual([north, 'T1', 'T3', 'T4', `${GROUP}South`]);
    // One level shows the headers alone; all levels unfold them all.
    runCommand('showLevel1');
    expect(ids()).toEqual([north, `${GROUP}South`]);
    runCommand('expandAll');
    expect(ids()).toEqual([north, 'T1', 'T3', 'T4', `${GROUP}South`, 'T2']);
    // Grouping by another column starts unfolded.
    setExpanded([north], false);
    setArrangement({ sort: [], groupBy: 'type' });
    setArrangement({ sort: [], groupBy: 'attr:zone' });
    expect(ids()).toEqual([north, 'T1', 'T3', 'T4', `${GROUP}South`, 'T2']);
  });

  it('a sort by start follows the schedule when it arrives', () => {
    setArrangement({ sort: [{ column: 'start', dir: 'asc' }], groupBy: null });
    expect(ids()).toEqual(['S', 'T1', 'T2', 'T3', 'T4']);
    workbench.set({ schedule: schedule({ T1: 3, T2: 0, T3: 2, T4: 1 }) });
    expect(ids()).toEqual(['S', 'T2', 'T4', 'T3', 'T1']);
  });
  it("draws a group header's line on the Gantt as a summary bar over its rows' span", () => {
    workbench.set({ schedule: schedule({ T1: 3, T2: 0, T3: 2, T4: 1 }) });
    setArrangement({ sort: [], groupBy: 'attr:zone' });
    const source = ganttSource(workbench.get());
    const at = (id: string) => ids().indexOf(id);
    const north = source.bar(at(`${GROUP}North`));
    const day = (d: number) => 9501 * 1440 + d * 1440;
    // North holds T1 (day 3) and T3 (day 2): from T3's start to T1's finish.
    expect(north).toMatchObject({ kind: 'sum', name: 'North', start: day(2), finish: day(3) + 480 });
    expect(source.bar(at('T1'))?.kind).not.toBe('sum');
  });

  it("gives a group header's bar its rows' rolled-up percent and is critical when one of them is", () => {
    const base = schedule({ T1: 3, T2: 0, T3: 2, T4: 1 });
    const order = [...base.position.keys()];
    const critical = Uint8Array.from(order, (id) => (id === 'T3' ? 1 : 0));
    const pct: Record<string, number> = { T1: 50, T3: 100, T2: 20 };
    const percentComplete = Float32Array.from(order, (id) => pct[id] ?? 0);
    workbench.set({ schedule: { ...base, critical, percentComplete } });
    setArrangement({ sort: [], groupBy: 'attr:zone' });
    const source = ganttSource(workbench.get());
    const at = (id: string) => ids().indexOf(id);
    const north = source.bar(at(`${GROUP}North`))!;
    // North: T1 (2 days, 50 %) and T3 (1 day, 100 %, critical).
    expect(north.critical).toBe(true);
    expect(north.progress).toBeCloseTo((2 * 50 + 100) / 3, 4);
    const south = source.bar(at(`${GROUP}South`))!;
    expect(south).toMatchObject({ critical: false, progress: 20 });
    // A new schedule: the bar follows it (T3 no longer critical).
    workbench.set({ schedule: { ...base, critical: new Uint8Array(order.length), percentComplete } });
    expect(ganttSource(workbench.get()).bar(at(`${GROUP}North`))!.critical).toBe(false);
  });
});
