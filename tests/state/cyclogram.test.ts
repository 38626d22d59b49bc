// The cyclogram beside the grid reads the workbench's rows and schedule, links its selection to
// the grid's both ways, and moves a work as a Gantt bar drag does: one command, one undo step.
import { beforeEach, describe, expect, it } from 'vitest';
import { PALETTE } from '../../src/domain/cyclogram';
import { keysBetween, newRow } from '../../src/domain/wbs';
import type { WbsRow } from '../../src/domain/wbs';
import { runCommand } from '../../src/state/workbench/commands';
import {
  defaultGrouping,
  moveSegment,
  selectedRowIds,
  selectSegment,
  workbenchCyclogram,
} from '../../src/state/workbench/cyclogram';
import { loadVersion, viewOf } from '../../src/state/workbench/data';
import type { ScheduleSnapshot } from '../../src/state/workbench/schedule-snapshot';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { version } from './fixtures';

let n = 0;
provideServices({ newId: () => `new-${++n}` });

const DAY = 1440;
const T0 = 9501 * DAY;

/** Building B: levels 1 and 2, each with formwork then rebar; a draft on level 3. */
function rows(): WbsRow[] {
  const k = keysBetween(null, null, 3);
  const work = (id: string, parent: string, key: string, loc: string, kind: string) =>
    newRow(id, 'task', parent, key, {
      name: `${kind} ${loc}`,
      code: id,
      attributes: { Location: loc, 'Work type': kind },
    });
  return [
    newRow('B', 'sum', null, k[0]!, { name: 'Building' }),
    newRow('L1', 'sum', 'B', k[0]!, { name: 'Level 1' }),
    work('F1', 'L1', k[0]!, 'L1', 'Formwork'),
    work('R1', 'L1', k[1]!, 'L1', 'Rebar'),
    newRow('L2', 'sum', 'B', k[1]!, { name: 'Level 2' }),
    work('F2', 'L2', k[0]!, 'L2', 'Formwork'),
    work('R2', 'L2', k[1]!, 'L2', 'Rebar'),
    newRow('D', 'draft', 'B', k[2]!, {
      name: 'Idea',
      attributes: { Location: 'L3', 'Work type': 'Formwork' },
    }),
  ];
}

/** Formwork on a level for 3 days, rebar the next 3; level 2 a week after level 1. */
const DATES: Record<string, [number, number]> = {
  F1: [0, 3],
  R1: [3, 6],
  F2: [7, 10],
  R2: [10, 13],
  L1: [0, 6],
  L2: [7, 13],
  B: [0, 13],
  D: [0, 1],
};

function schedule(): ScheduleSnapshot {
  const order = Object.keys(DATES);
  const len = order.length;
  return {
    revision: workbench.get().dataRevision,
    position: new Map(order.map((id, i) => [id, i])),
    es: Int32Array.from(order, (id) => T0 + DATES[id]![0] * DAY),
    ef: Int32Array.from(order, (id) => T0 + DATES[id]![1] * DAY),
    ls: new Int32Array(len),
    lf: new Int32Array(len),
    tf: new Int32Array(len),
    ff: new Int32Array(len),
    critical: new Uint8Array(len),
    projectFinish: 0,
    ms: 0,
  };
}

const rowOf = (id: string) => workbench.get().visible.ids.indexOf(id);

describe('the workbench cyclogram', () => {
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    loadVersion(version(), rows(), []);
    workbench.set({ schedule: schedule() });
  });

  it('draws the rows in WBS order by location and kind, drafts left out, palette colours', () => {
    const c = workbenchCyclogram(workbench.get(), 'Location', 'Work type');
    expect(c.locations).toEqual(['L1', 'L2']);
    expect(c.lines.map((l) => [l.kind, l.segments.map((s) => s.id)])).toEqual([
      ['Formwork', ['F1', 'F2']],
      ['Rebar', ['R1', 'R2']],
    ]);
    expect(c.lines.map((l) => l.color)).toEqual([PALETTE[0], PALETTE[1]]);
    expect(c.clashes).toEqual([]);
    // Saved colours win; locations from a WBS level name the summaries.
    const byLevel = workbenchCyclogram(workbench.get(), 'wbs:2', 'name', { 'Rebar Level 1': '#000000' });
    expect(byLevel.locations).toEqual(['Level 1', 'Level 2']);
    expect(byLevel.lines.find((l) => l.kind === 'Rebar L1')).toBeDefined();
  });

  it('follows the filter: only the works the grid shows are drawn', () => {
    workbench.set({ filterShown: new Set(['B', 'L1', 'F1', 'R1']) });
    const c = workbenchCyclogram(workbench.get(), 'Location', 'Work type');
    expect(c.locations).toEqual(['L1']);
    expect(c.lines.map((l) => l.segments.map((x) => x.id))).toEqual([['F1'], ['R1']]);
  });

  it('defaults to the Location and Work type attributes when the version has them', () => {
    expect(defaultGrouping(new Map([['Location', 'Location']]))).toEqual({ loc: 'Location', kind: 'name' });
    expect(defaultGrouping(new Map())).toEqual({ loc: 'wbs:2', kind: 'name' });
  });

  it('selects a clicked work in the grid, and lights up the works of a selected summary', () => {
    expect(selectSegment('R2')).toBe(true);
    expect(workbench.get().selection.focus.row).toBe(rowOf('R2'));
    expect([...selectedRowIds(workbench.get())]).toEqual(['R2']);
    // Ctrl+click adds a work; the rows selected before stay selected.
    selectSegment('F1', true);
    expect([...selectedRowIds(workbench.get())].sort()).toEqual(['F1', 'R2']);
    // A summary row selected in the grid: every work under it.
    const r = rowOf('L1');
    workbench.set({ selection: { anchor: { row: r, col: 1 }, focus: { row: r, col: 1 } } });
    expect([...selectedRowIds(workbench.get())].sort()).toEqual(['F1', 'L1', 'R1']);
    expect(selectSegment('nope')).toBe(false);
  });

  it('opens a collapsed parent to select a work in it', () => {
    // L2 closed (its rows out of the visible list): the click opens it.
    const expanded = new Set([...workbench.get().expanded].filter((id) => id !== 'L2'));
    const s = workbench.get();
    workbench.set({ expanded, visible: viewOf(s.wbs.index, expanded, s.filterShown) });
    expect(rowOf('F2')).toBe(-1);
    expect(selectSegment('F2')).toBe(true);
    expect(workbench.get().expanded.has('L2')).toBe(true);
    expect(workbench.get().visible.ids[workbench.get().selection.focus.row]).toBe('F2');
  });

  it('moves a dragged work as a bar drag does, as one undo step, and the chart follows', () => {
    const before = workbench.get().history;
    expect(moveSegment('F2', 2 * DAY)).toBe(true);
    const f2 = workbench.get().wbs.doc.rows.get('F2')!;
    expect(f2.startLimitType).toBe('not_earlier');
    expect(f2.startLimitDate).toBe(T0 + 9 * DAY);
    expect(workbench.get().history).not.toBe(before);
    // Nothing else moved.
    expect(workbench.get().wbs.doc.rows.get('F1')!.startLimitType).toBeNull();
    runCommand('undo');
    expect(workbench.get().wbs.doc.rows.get('F2')!.startLimitType).toBeNull();
    runCommand('redo');
    expect(workbench.get().wbs.doc.rows.get('F2')!.startLimitDate).toBe(T0 + 9 * DAY);
    // No move: nothing recorded.
    expect(moveSegment('F2', 0)).toBe(false);
  });

  it('refuses to move a work of a locked version or an unscheduled row', () => {
    workbench.set({ version: { ...version(), locked: true } });
    expect(moveSegment('F2', DAY)).toBe(false);
    expect(workbench.get().wbs.doc.rows.get('F2')!.startLimitType).toBeNull();
    workbench.set({ version: version(), schedule: null });
    expect(moveSegment('F2', DAY)).toBe(false);
  });
});
