// A row delete whose rows carried assignments: the server answers the assignments it removed with
// them (its cascade), and the history's step takes them, so Ctrl+Z sends them back with the rows
// and Ctrl+Y removes them again, even when the undo was pressed before the delete's answer.
import type { Patch } from 'immer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteRows } from '../../src/domain/wbs';
import {
  commitChange,
  loadVersion,
  onAssignmentPatches,
  onWdpPatches,
  redo,
  undo,
} from '../../src/state/workbench/data';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import type { SyncBatch, SyncResult } from '../../src/state/workbench/sync';
import { VersionSync } from '../../src/state/workbench/sync';
import { chain, version } from './fixtures';

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

const row = {
  wbs_id: 'T2',
  resource_id: 'crane',
  units: 8,
  units_per_day: 8,
  intensity: 100,
  curve: 'uniform',
  curve_values: null,
};
const cascade = {
  patches: [{ op: 'remove', path: ['assignments', 'a1'] }],
  inversePatches: [{ op: 'add', path: ['assignments', 'a1'], value: row }],
};
const assignmentOps = (b: SyncBatch) =>
  (b.entry.patches as Patch[]).filter((p) => p.path[0] === 'assignments').map((p) => p.op);

describe('sync: assignments a row delete took along', () => {
  let sync: VersionSync | null = null;
  let told: Patch[][] = [];
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(3);
    loadVersion(version(), rows, relations);
    told = [];
    onAssignmentPatches((ps) => told.push([...ps]));
  });
  afterEach(() => {
    sync?.dispose();
    onAssignmentPatches(null);
  });

  const start = (answer: (b: SyncBatch) => Promise<Omit<SyncResult, 'revision'>>) => {
    const sent: SyncBatch[] = [];
    let rev = 1;
    sync = new VersionSync(
      { send: async (b) => (sent.push(b), { revision: ++rev, ...(await answer(b)) }) },
      async () => undefined,
    );
    return sent;
  };
  const remove = () => {
    const s = workbench.get();
    commitChange(deleteRows(s.wbs.doc, s.wbs.index, ['T2']), 'cmd.deleteRows');
  };

  it('undo sends the assignments back with the row; redo removes them again', async () => {
    const sent = start(async (b) => (b.origin === 'do' ? { cascade } : {}));
    remove();
    await settle();
    // The page is told that assignments went (the resource Gantt and the panel read again).
    expect(told).toEqual([cascade.patches]);
    undo();
    await settle();
    redo();
    await settle();
    expect(sent.map((b) => [b.origin, assignmentOps(b)])).toEqual([
      ['do', []],
      ['undo', ['add']],
      ['redo', ['remove']],
    ]);
    expect(workbench.get().wbs.doc.rows.has('T2')).toBe(false);
    // Undo and redo applied them on this page: the handler heard each.
    expect(told).toHaveLength(3);
  });

  it('an undo pressed before the delete is answered carries them too', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    const sent = start(async (b) => {
      if (b.origin !== 'do') return {};
      await held;
      return { cascade };
    });
    remove();
    await settle();
    undo();
    expect(workbench.get().wbs.doc.rows.has('T2')).toBe(true);
    release();
    await settle();
    await settle();
    expect(sent.map((b) => [b.origin, assignmentOps(b)])).toEqual([
      ['do', []],
      ['undo', ['add']],
    ]);
    // The undo was applied here without them: told when the server stored them.
    expect(told.at(-1)).toEqual(cascade.inversePatches);
  });

  it("a row's day values the delete took come back on undo and go again on redo", async () => {
    const cell = { plan: 4, fact: 1, approved_plan: null, status: 'open' };
    const days = {
      patches: [{ op: 'remove', path: ['wdp', 'T2', 9000] }],
      inversePatches: [{ op: 'add', path: ['wdp', 'T2', 9000], value: cell }],
    };
    const heard: Patch[][] = [];
    onWdpPatches((ps) => heard.push([...ps]));
    try {
      const sent = start(async (b) => (b.origin === 'do' ? { cascade: days } : {}));
      remove();
      await settle();
      undo();
      await settle();
      redo();
      await settle();
      const dayOps = (b: SyncBatch) =>
        (b.entry.patches as Patch[]).filter((p) => p.path[0] === 'wdp').map((p) => p.op);
      expect(sent.map((b) => [b.origin, dayOps(b)])).toEqual([
        ['do', []],
        ['undo', ['add']],
        ['redo', ['remove']],
      ]);
      // The day matrix's store heard the undo put the day back and the redo take it again.
      expect(heard).toEqual([days.inversePatches, days.patches]);
    } finally {
      onWdpPatches(null);
    }
  });
});
