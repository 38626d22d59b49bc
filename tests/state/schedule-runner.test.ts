import { beforeEach, describe, expect, it } from 'vitest';
import { editCell, WBS_COLUMNS } from '../../src/domain/wbs';
import { commitChange, loadVersion, rowAt, undo } from '../../src/state/workbench/data';
import { ScheduleRunner } from '../../src/state/workbench/schedule-runner';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { inProcessScheduleService } from '../../src/workers/schedule-client';
import { chain, DAY, version } from './fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));
const ctx = { hoursPerDay: () => 8 };

describe('schedule runner', () => {
  let runner: ScheduleRunner;
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    runner?.dispose();
    runner = new ScheduleRunner(inProcessScheduleService());
    const { rows, relations } = chain(5);
    loadVersion(version(), rows, relations);
    runner.open();
  });

  it('computes dates, floats and the critical path after load', async () => {
    await settle();
    const s = workbench.get();
    expect(s.timetableState).toBe('calculated');
    const t1 = rowAt(s, 1)!;
    const t5 = rowAt(s, 5)!;
    expect(t1.row.id).toBe('T1');
    expect(t5.ef - t1.es).toBeGreaterThan(4 * 1440); // five working days in a chain
    expect(t1.critical).toBe(true);
    expect(t5.tf).toBe(0);
  });

  it('recomputes incrementally after a duration edit and again after undo', async () => {
    await settle();
    const before = rowAt(workbench.get(), 5)!.ef;
    const s = workbench.get();
    const c = editCell(s.wbs.doc, s.wbs.index, 'T2', WBS_COLUMNS.duration, '3', ctx);
    commitChange(c, 'edit');
    expect(workbench.get().wbs.doc.rows.get('T2')!.duration).toBe(3 * DAY);
    await settle();
    const after = rowAt(workbench.get(), 5)!.ef;
    expect(after).toBeGreaterThan(before);
    undo();
    await settle();
    expect(rowAt(workbench.get(), 5)!.ef).toBe(before);
  });
});
