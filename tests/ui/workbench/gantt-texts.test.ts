// The Gantt's texts about a row: the tooltip (with the target version's dates and the variances)
// and the readout while a bar is dragged, formatted as the grid formats dates and durations.
import { beforeEach, describe, expect, it } from 'vitest';
import { ganttSource } from '../../../src/gantt/gantt-source';
import { barTooltip, gestureReadout } from '../../../src/gantt/gantt-texts';
import type { CellTextContext } from '../../../src/state/workbench/cell-text';
import { loadVersion } from '../../../src/state/workbench/data';
import type { ScheduleSnapshot } from '../../../src/state/workbench/schedule-snapshot';
import { initialState, useWorkbench, workbench } from '../../../src/state/workbench/store';
import { chain, version } from '../../state/fixtures';

const MON = 9501 * 1440; // 2026-01-05, a Monday
const at = (day: number, hour: number) => MON + day * 1440 + hour * 60;

const t = (key: string) => key;
const ctx: CellTextContext = {
  lang: 'en',
  t,
  hoursPerDay: () => 8,
  calendarName: () => 'Standard',
};

/** T1 Mon 08:00–17:00 (critical), T2 Tue, T3 Wed; the summary spans them. */
function schedule(): ScheduleSnapshot {
  const s = workbench.get();
  const order = ['S', 'T1', 'T2', 'T3'];
  const es = [at(0, 8), at(0, 8), at(1, 8), at(2, 8)];
  const ef = [at(2, 17), at(0, 17), at(1, 17), at(2, 17)];
  return {
    revision: s.dataRevision,
    position: new Map(order.map((id, i) => [id, i])),
    es: Int32Array.from(es),
    ef: Int32Array.from(ef),
    ls: new Int32Array(4),
    lf: new Int32Array(4),
    tf: new Int32Array(4),
    ff: new Int32Array(4),
    critical: Uint8Array.of(0, 1, 0, 0),
    projectFinish: 0,
    ms: 0,
  };
}

describe('gantt texts', () => {
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(3);
    loadVersion(version(), rows, relations);
    workbench.set({
      schedule: schedule(),
      // The target had T1 on the Friday before, and the summary a day shorter.
      target: {
        versionId: 'target',
        label: 'Baseline',
        dates: new Map([
          ['T1', [at(-3, 8), at(-3, 17)] as const],
          ['S', [at(0, 8), at(1, 17)] as const],
        ]),
      },
    });
  });

  it('gives summaries a tooltip with the target dates and variances', () => {
    const src = ganttSource(workbench.get());
    const lines = barTooltip(workbench.get(), src.bar(0)!, ctx, t);
    expect(lines[1]).toBe('05.01.26 – 07.01.26');
    expect(lines.some((l) => l.startsWith('col.duration'))).toBe(false);
    expect(lines).toContain('gantt.target: 05.01.26 – 06.01.26');
    expect(lines).toContain('gantt.start_variance: 0');
    expect(lines).toContain('gantt.finish_variance: +1');
  });

  it('says how far a task is from its target, in working days', () => {
    const src = ganttSource(workbench.get());
    const lines = barTooltip(workbench.get(), src.bar(1)!, ctx, t);
    expect(lines[0]).toContain('Task 1');
    expect(lines).toContain('col.duration: 1');
    expect(lines).toContain('gantt.critical');
    expect(lines).toContain('gantt.target: 02.01.26');
    // Friday 08:00 → Monday 08:00 is one working day.
    expect(lines).toContain('gantt.start_variance: +1');
  });

  it('reads out the new start and finish of a moved bar on the working calendar', () => {
    const bar = ganttSource(workbench.get()).bar(2)!; // T2, Tuesday
    // Moved by four days: Saturday, so it starts on Monday and takes its one day there.
    expect(gestureReadout(workbench.get(), { kind: 'move', bar, deltaMinutes: 4 * 1440 }, ctx, t)).toEqual([
      'col.start: 12.01.26',
      'col.finish: 12.01.26',
    ]);
  });

  it('reads out the new finish and duration of a stretched bar', () => {
    const bar = ganttSource(workbench.get()).bar(2)!; // T2, Tuesday, one day
    // Its end dragged to Friday midnight: Tuesday to Thursday, three working days.
    const lines = gestureReadout(workbench.get(), { kind: 'resize', bar, finish: at(4, 0) }, ctx, t);
    expect(lines).toEqual(['col.finish: 08.01.26', 'col.duration: 3']);
  });
});
