import { beforeEach, describe, expect, it } from 'vitest';
import { xToTime } from '../../src/gantt/timescale';
import { runCommand } from '../../src/state/workbench/commands';
import { pasteAtFocus, startEdit, commitEdit } from '../../src/state/workbench/commands-edit';
import { linkRows } from '../../src/state/workbench/commands-rows';
import { loadVersion, rowAt } from '../../src/state/workbench/data';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { chain, DAY, version } from './fixtures';

let n = 0;
provideServices({ newId: () => `new-${++n}` });

const select = (row: number, col = 1, toRow = row, toCol = col) =>
  workbench.set({ selection: { anchor: { row, col }, focus: { row: toRow, col: toCol } } });
const ids = () => workbench.get().visible.ids;
const commitEditAt = (row: number, col: number, text: string) => {
  select(row, col);
  startEdit(null);
  commitEdit(text, 'none');
};
const rows = () => workbench.get().wbs.doc.rows;

describe('workbench commands', () => {
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows: r, relations } = chain(4);
    loadVersion(version(), r, relations);
  });

  it('keeps the active cell on the end of the range it was on after an indent', () => {
    select(3, 1, 2); // anchor T3, focus T2 (selected upwards)
    runCommand('indent');
    expect(workbench.get().selection.focus.row).toBe(2);
    expect(workbench.get().selection.anchor.row).toBe(3);
    runCommand('undo');
    select(2, 1, 3); // selected downwards: the focus stays on the last row
    runCommand('indent');
    expect(workbench.get().selection.focus.row).toBe(3);
  });

  it('indents and outdents the selection as one undo step each, keeping it selected', () => {
    select(2, 1, 3); // T2, T3
    runCommand('indent');
    expect(rows().get('T2')!.parentId).toBe('T1');
    expect(rows().get('T3')!.parentId).toBe('T1');
    expect(rows().get('T1')!.nodeType).toBe('sum');
    expect(ids()).toEqual(['S', 'T1', 'T2', 'T3', 'T4']);
    expect(rowAt(workbench.get(), 2)!.outline).toBe('1.1.1');
    expect(workbench.get().selection.anchor.row).toBe(2);
    runCommand('undo');
    expect(rows().get('T2')!.parentId).toBe('S');
    expect(rows().get('T1')!.nodeType).toBe('task');
    runCommand('redo');
    expect(rows().get('T3')!.parentId).toBe('T1');
  });

  it('moves rows up and renumbers the outline', () => {
    select(3);
    runCommand('moveRowsUp');
    expect(ids()).toEqual(['S', 'T1', 'T3', 'T2', 'T4']);
    expect(rowAt(workbench.get(), 2)!.outline).toBe('1.2');
    expect(workbench.get().selection.focus.row).toBe(2);
  });

  it('inserts a row after the focused one and edits its name and duration', () => {
    select(1);
    runCommand('insertRow');
    const id = ids()[2]!;
    expect(id).toMatch(/^new-/);
    expect(workbench.get().selection.focus).toEqual({ row: 2, col: 1 });
    startEdit('B');
    commitEdit('Bricks', 'next');
    expect(rows().get(id)!.name).toBe('Bricks');
    // Tab moved to the type column; one more to duration.
    runCommand('nextCell');
    startEdit(null);
    commitEdit('3', 'down');
    expect(rows().get(id)!.duration).toBe(3 * DAY);
  });

  it('keeps the cell marks as they are when an edit neither had nor makes any', () => {
    // The grid's rows compare the marks by identity: a new empty map would re-render them all.
    const none = workbench.get().issues;
    select(1, 3);
    startEdit(null);
    commitEdit('4', 'down');
    expect(rows().get('T1')!.duration).toBe(4 * DAY);
    expect(workbench.get().issues).toBe(none);
    // A refused value marks its cell; the next good edit clears the mark.
    startEdit(null);
    commitEdit('soon', 'none');
    expect(workbench.get().issues.size).toBe(1);
    commitEditAt(2, 3, '2');
    expect(workbench.get().issues.size).toBe(0);
  });

  it('pastes a matrix as one undo step, adding rows and marking bad cells', () => {
    select(4, 1); // T4, name column
    pasteAtFocus([
      ['Alpha', 'task', '2'],
      ['Beta', 'work', 'x'],
      ['Gamma', 'task', '1,5'],
    ]);
    const v = ids();
    expect(v.length).toBe(7);
    expect(rows().get('T4')!.name).toBe('Alpha');
    expect(rows().get(v[5]!)!.name).toBe('Beta');
    expect(rows().get(v[5]!)!.nodeType).toBe('work');
    expect(rows().get(v[6]!)!.duration).toBe(1.5 * DAY);
    const issues = [...workbench.get().issues.values()];
    expect(issues).toHaveLength(1);
    expect(issues[0]!.value).toBe('x');
    runCommand('undo');
    expect(ids().length).toBe(5);
    expect(rows().get('T4')!.name).toBe('Task 4');
  });

  it('fills down and links the selection into a chain', () => {
    select(1, 3, 4, 3); // duration column of T1..T4
    startEdit(null);
    workbench.set({ editing: null });
    runCommand('fillDown');
    for (const id of ['T2', 'T3', 'T4']) expect(rows().get(id)!.duration).toBe(DAY);
    const before = rows().size;
    select(1, 1, 4, 1);
    const relsBefore = workbench.get().wbs.doc.relations.size;
    runCommand('link'); // T1→T2 … exist already: duplicates are refused
    expect(workbench.get().wbs.doc.relations.size).toBe(relsBefore);
    expect(rows().size).toBe(before);
  });

  it('refuses a link that would close a cycle', () => {
    // T4 → T1 closes T1 → T2 → T3 → T4.
    select(4);
    workbench.set({ selection: { anchor: { row: 4, col: 1 }, focus: { row: 4, col: 1 } } });
    const rel = workbench.get().wbs.doc.relations.size;
    const messages: string[] = [];
    const restore = provideServices({ notify: (_k, title, lines) => messages.push(title, ...(lines ?? [])) });
    expect(linkRows([{ predId: 'T4', succId: 'T1' }])).toBe(false);
    expect(workbench.get().wbs.doc.relations.size).toBe(rel);
    expect(messages.join(' ')).toContain('wbs.relation_cycle');
    restore();
  });

  it('zooms the Gantt keeping the time at its left edge', () => {
    workbench.set({ timescale: { unit: 'week', zoom: 1, origin: 9000 * 1440, scrollLeft: 450 } });
    const left = xToTime(workbench.get().timescale, 0);
    runCommand('zoomIn');
    expect(workbench.get().timescale.zoom).toBe(1.25);
    expect(Math.abs(xToTime(workbench.get().timescale, 0) - left)).toBeLessThan(1440);
    for (let i = 0; i < 8; i++) runCommand('zoomIn');
    expect(workbench.get().timescale.unit).toBe('day');
    expect(Math.abs(xToTime(workbench.get().timescale, 0) - left)).toBeLessThan(1440);
  });
});
