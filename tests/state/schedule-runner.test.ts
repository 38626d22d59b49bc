import { beforeEach, describe, expect, it } from 'vitest';
import type { Levelling } from '../../src/api/levelling';
import { editCell, WBS_COLUMNS } from '../../src/domain/wbs';
import { runCommand } from '../../src/state/workbench/commands';
import { pasteAtFocus } from '../../src/state/workbench/commands-edit';
import { commitChange, loadVersion, onDataChange, rowAt, undo } from '../../src/state/workbench/data';
import { ScheduleCore } from '../../src/workers/schedule-core';
import { versionScheduleOptions } from '../../src/domain/schedule';
import { standardCalendarDef } from '../../src/domain/calendar';
import { ScheduleRunner } from '../../src/state/workbench/schedule-runner';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { inProcessScheduleService, type ScheduleService } from '../../src/workers/schedule-client';
import { packDoc } from '../../src/workers/doc-pack';
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

  it("applies the version's levelled starts on every pass until the levelling is cleared", async () => {
    await settle();
    const s0 = workbench.get();
    const t3 = rowAt(s0, 3)!;
    const before = { es: t3.es, ef: rowAt(s0, 5)!.ef };
    // Levelling put T3 a week later, same weekday (the store's levelling, as loadLevelling keeps it).
    const levelledStart = t3.es + 7 * 1440;
    const data = { levelled: true, items: [] } as unknown as Levelling;
    workbench.set({
      levelled: { versionId: s0.versionId!, data, starts: { T3: levelledStart }, dates: new Map() },
    });
    await settle();
    expect(rowAt(workbench.get(), 3)!.es).toBe(levelledStart);
    const levelledFinish = rowAt(workbench.get(), 5)!.ef;
    expect(levelledFinish).toBeGreaterThan(before.ef);
    // An edit elsewhere (incremental pass) keeps it; undo too.
    const s = workbench.get();
    commitChange(editCell(s.wbs.doc, s.wbs.index, 'T5', WBS_COLUMNS.duration, '2', ctx), 'edit');
    await settle();
    expect(rowAt(workbench.get(), 3)!.es).toBe(levelledStart);
    undo();
    await settle();
    expect(rowAt(workbench.get(), 5)!.ef).toBe(levelledFinish);
    // Cleared: the logic's dates come back.
    workbench.set({ levelled: null });
    await settle();
    expect(rowAt(workbench.get(), 3)!.es).toBe(before.es);
    expect(rowAt(workbench.get(), 5)!.ef).toBe(before.ef);
  });

  it('keeps the worker mirror equal to the store: after mixed commands, results equal a fresh full pass', async () => {
    await settle();
    const sel = (r0: number, r1: number, col = 1) =>
      workbench.set({ selection: { anchor: { row: r0, col }, focus: { row: r1, col } } });
    sel(2, 3);
    runCommand('indent');
    sel(5, 5, 1);
    pasteAtFocus([
      ['Extra A', 'task', '2'],
      ['Extra B', 'task', '4'],
    ]);
    sel(5, 6);
    runCommand('link');
    const s1 = workbench.get();
    commitChange(editCell(s1.wbs.doc, s1.wbs.index, 'T4', WBS_COLUMNS.duration, '6', ctx), 'edit');
    runCommand('undo');
    runCommand('redo');
    sel(1, 1);
    runCommand('moveRowsDown');
    await settle();
    await settle();
    const s = workbench.get();
    const core = new ScheduleCore();
    const cals = [standardCalendarDef('standard')];
    const fresh = core.open(s.wbs.doc, cals, versionScheduleOptions(null, s.version!.data_date, cals), 0);
    const ids = fresh.ids!;
    for (let i = 0; i < ids.length; i++) {
      const p = s.schedule!.position.get(ids[i]!)!;
      expect([s.schedule!.es[p], s.schedule!.ef[p], s.schedule!.tf[p]], ids[i]).toEqual([
        fresh.es[i],
        fresh.ef[i],
        fresh.tf[i],
      ]);
    }
  });

  it('hands the engine order over only when a full pass changed it', async () => {
    await settle();
    const s0 = workbench.get();
    const core = new ScheduleCore();
    const cals = [standardCalendarDef('standard')];
    const first = core.open(s0.wbs.doc, cals, versionScheduleOptions(null, s0.version!.data_date, cals), 0);
    expect(first.ids).not.toBeNull();
    let patches: Parameters<ScheduleCore['patch']>[0] = [];
    const off = onDataChange((c) => (patches = [...c.patches]));
    try {
      // An indent is a full pass that keeps the preorder: the main thread keeps its positions.
      workbench.set({ selection: { anchor: { row: 2, col: 1 }, focus: { row: 2, col: 1 } } });
      runCommand('indent');
      const indented = core.patch(patches, 1)!;
      expect(indented.full).toBe(true);
      expect(indented.ids).toBeNull();
      // A move changes the order: the new one comes along.
      workbench.set({ selection: { anchor: { row: 1, col: 1 }, focus: { row: 1, col: 1 } } });
      runCommand('moveRowsDown');
      const moved = core.patch(patches, 2)!;
      expect(moved.ids).not.toBeNull();
      expect(moved.ids).not.toEqual(first.ids);
    } finally {
      off();
    }
  });

  it('sends a deferred first open before a change made meanwhile, so the change lands on it', async () => {
    const { rows, relations } = chain(5);
    const fresh = new ScheduleRunner(inProcessScheduleService());
    try {
      loadVersion(version(), rows, relations);
      const loaded = workbench.get();
      let packed = 0;
      fresh.openPacked(
        () => {
          packed++;
          return packDoc(loaded.wbs.doc);
        },
        loaded.version!.data_date,
        loaded.dataRevision,
        true,
      );
      expect(packed).toBe(0); // held for the first frame
      const c = editCell(loaded.wbs.doc, loaded.wbs.index, 'T2', WBS_COLUMNS.duration, '3', ctx);
      commitChange(c, 'edit');
      expect(packed).toBe(1); // the change sent the document first
      await settle();
      const s = workbench.get();
      expect(s.schedule!.revision).toBe(s.dataRevision);
      const t1 = rowAt(s, 1)!;
      const t5 = rowAt(s, 5)!;
      expect((t5.ef - t1.es) / 1440).toBeGreaterThan(7); // 3 + 4 working days, with a weekend
    } finally {
      fresh.dispose();
    }
  });
});

/** A calendar on which every hour works, flagged the space's default. */
const ROUND_THE_CLOCK = {
  ...standardCalendarDef('round'),
  isDefault: true,
  week: Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]),
};

/** The in-process service, counting the whole-document opens and the re-schedules. */
function countedService() {
  const inner = inProcessScheduleService();
  const calls = { open: 0, settings: 0 };
  const service: ScheduleService = {
    ...inner,
    openPacked: (...a) => (calls.open++, inner.openPacked(...a)),
    setSettings: (...a) => (calls.settings++, inner.setSettings(...a)),
  };
  return { service, calls };
}

/** Working minutes from the first task's start to the last one's finish, as the store shows them. */
function chainSpan(): number {
  const s = workbench.get();
  return rowAt(s, 5)!.ef - rowAt(s, 1)!.es;
}

describe('schedule runner and the space calendars', () => {
  beforeEach(() => useWorkbench.setState(initialState(), true));

  it('holds a first open until the calendars are read, then schedules it once, on them', async () => {
    const { service, calls } = countedService();
    const runner = new ScheduleRunner(service);
    try {
      const { rows, relations } = chain(5);
      loadVersion(version(), rows, relations);
      const s = workbench.get();
      runner.openPacked(() => packDoc(s.wbs.doc), s.version, s.dataRevision);
      expect(calls.open).toBe(0);
      workbench.set({ calendars: [ROUND_THE_CLOCK], calendarsLoaded: true });
      expect(calls.open).toBe(1);
      await settle();
      expect(chainSpan()).toBe(5 * DAY); // five 8-hour tasks back to back, nights worked
      expect(calls.settings).toBe(0);
    } finally {
      runner.dispose();
    }
  });

  it('schedules the document again when the calendars come after it', async () => {
    const runner = new ScheduleRunner(inProcessScheduleService());
    try {
      const { rows, relations } = chain(5);
      loadVersion(version(), rows, relations);
      runner.open(); // on the stand-in standard calendar
      await settle();
      expect(chainSpan()).toBe(4 * 1440 + 9 * 60); // Monday 08:00 to Friday 17:00
      workbench.set({ calendars: [ROUND_THE_CLOCK], calendarsLoaded: true });
      await settle();
      expect(chainSpan()).toBe(5 * DAY);
    } finally {
      runner.dispose();
    }
  });
});

describe('schedule options', () => {
  it('run on the calendar flagged default, else the first, else the standard one', () => {
    const a = { ...standardCalendarDef('a') };
    const b = { ...standardCalendarDef('b'), isDefault: true };
    expect(versionScheduleOptions(null, 0, [a, b]).defaultCalendarId).toBe('b');
    expect(versionScheduleOptions(null, 0, [a, { ...b, isDefault: false }]).defaultCalendarId).toBe('a');
    expect(versionScheduleOptions(null, 0, []).defaultCalendarId).toBe('standard');
  });
});
