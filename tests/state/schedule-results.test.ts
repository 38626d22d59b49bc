// What the worker's results carry to the store beside dates and floats: the driving relations
// (which link set a task's early start) and the summaries' rolled-up percent complete, through the
// runner's snapshot to the row views and the grid's text. The schedule runs in-process.
import { beforeEach, describe, expect, it } from 'vitest';
import { cellText } from '../../src/state/workbench/cell-text';
import { COLUMN_DEFS } from '../../src/state/workbench/columns';
import { commitEdit, startEdit, textContext } from '../../src/state/workbench/commands-edit';
import { loadVersion, rowAt } from '../../src/state/workbench/data';
import { addRelation, setRelation } from '../../src/state/workbench/relation-commands';
import { ScheduleRunner } from '../../src/state/workbench/schedule-runner';
import { isDriving } from '../../src/state/workbench/schedule-snapshot';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { inProcessScheduleService } from '../../src/workers/schedule-client';
import { chain, DAY, version } from './fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));
let n = 0;
provideServices({ newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` });

// Displayed columns: code, name, type, duration, start, finish, total float, free float, %, status.
const COL = { duration: 3, progress: 8 } as const;
const text = (row: number, col: string) =>
  cellText(rowAt(workbench.get(), row)!, COLUMN_DEFS[col]!, textContext());
const driving = (pred: string, succ: string) => isDriving(workbench.get().schedule, pred, succ);

async function type(row: number, col: number, value: string) {
  workbench.set({ selection: { anchor: { row, col }, focus: { row, col } } });
  startEdit(value);
  commitEdit(value, 'none');
  await settle();
}

let runner: ScheduleRunner;
beforeEach(async () => {
  useWorkbench.setState(initialState(), true);
  runner?.dispose();
  runner = new ScheduleRunner(inProcessScheduleService());
  // S: T1 → T2 → T3 → T4, one day each (rows 1–4).
  const { rows, relations } = chain(4);
  loadVersion(version(), rows, relations);
  runner.open();
  await settle();
});

describe('driving relations in the store', () => {
  it('mark the link that sets the start, and follow a lag edit (an incremental pass)', async () => {
    expect([driving('T1', 'T2'), driving('T2', 'T3'), driving('T3', 'T4')]).toEqual([true, true, true]);
    // T1 → T3 as well: T1 ends a day before T2 does, so T2 still drives T3.
    expect(addRelation('T1', 'T3', 'fs', 0)).toBe(true);
    await settle();
    expect([driving('T1', 'T3'), driving('T2', 'T3')]).toEqual([false, true]);
    // Two days of lag on T1 → T3: T3 now waits for it (day 4 against day 3).
    const added = [...workbench.get().wbs.doc.relations.values()].find(
      (r) => r.predId === 'T1' && r.succId === 'T3',
    )!;
    setRelation(added.id, { lag: 2 * DAY });
    await settle();
    expect([driving('T1', 'T3'), driving('T2', 'T3')]).toEqual([true, false]);
    // Rows that are not linked, or not scheduled yet, are not driving / not known.
    expect(driving('T1', 'T4')).toBe(false);
    expect(driving('T1', 'nope')).toBeNull();
  });

  it('are not known before the worker answers', () => {
    expect(isDriving(null, 'T1', 'T2')).toBeNull();
  });
});

describe('summary percent complete', () => {
  it('shows the duration-weighted roll-up of its rows, and a task its own', async () => {
    expect(text(0, 'progress')).toBe('0');
    await type(1, COL.duration, '3'); // T1: 3 days of 6
    await type(1, COL.progress, '50');
    // (3 × 50 + 1 × 0 × 3) / 6 days = 25 %
    expect(text(0, 'progress')).toBe('25');
    expect(text(1, 'progress')).toBe('50');
    await type(2, COL.progress, '100');
    // (3 × 50 + 1 × 100) / 6 = 41.7 %
    expect(rowAt(workbench.get(), 0)!.percentComplete).toBeCloseTo(250 / 6, 4);
    expect(text(0, 'progress')).toBe('42');
    // The summary's own value stays untouched: it is derived, never stored.
    expect(workbench.get().wbs.doc.rows.get('S')!.percentComplete).toBe(0);
    // Its status follows the roll-up, not its own (empty) percent.
    expect(text(0, 'status')).toBe(text(1, 'status'));
    expect(text(0, 'status')).not.toBe(text(3, 'status'));
  });

  it('is not editable: typing into it changes nothing', async () => {
    await type(0, COL.progress, '80');
    expect(workbench.get().wbs.doc.rows.get('S')!.percentComplete).toBe(0);
    expect(text(0, 'progress')).toBe('0');
  });

  it('is blank until the schedule is known', () => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(2);
    loadVersion(version(), rows, relations);
    expect(text(0, 'progress')).toBe('');
    expect(text(1, 'progress')).toBe('0');
  });
});

describe('start float and finish float', () => {
  it('show the worker’s two floats beside total float, and nothing before it answers', async () => {
    // T4 loses its predecessor: it may start 2 days later and still finish with T3 (the project's
    // end, day 3), so its start float and finish float are 2 days each, like its total float.
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(4);
    loadVersion(
      version(),
      rows,
      relations.filter((r) => r.succId !== 'T4'),
    );
    expect(text(4, 'start_float')).toBe('');
    runner.open();
    await settle();
    expect([text(4, 'start_float'), text(4, 'finish_float'), text(4, 'total_float')]).toEqual([
      '2',
      '2',
      '2',
    ]);
    expect([text(3, 'start_float'), text(3, 'finish_float')]).toEqual(['0', '0']);
    // Three more days of T3 move the project's end to day 6: both floats follow.
    await type(3, COL.duration, '4');
    expect([text(4, 'start_float'), text(4, 'finish_float')]).toEqual(['5', '5']);
  });
});
