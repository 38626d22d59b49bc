import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeEntry, serializeHistory } from '../../src/domain/history';
import type { HistoryEntry } from '../../src/domain/history';
import { runCommand } from '../../src/state/workbench/commands';
import { loadVersion } from '../../src/state/workbench/data';
import type { LoggedAction } from '../../src/state/workbench/history-from-log';
import { historyFromUndoLog } from '../../src/state/workbench/history-from-log';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { VersionSync } from '../../src/state/workbench/sync';
import { chain, version } from './fixtures';

const ME = 'user-me';
const OTHER = 'user-other';

const entry = (n: number): HistoryEntry => ({
  kind: 'undo_wbs',
  labelKey: `edit ${n}`,
  patches: [{ op: 'replace', path: ['rows', 'T1', 'name'], value: `v${n}` }],
  inversePatches: [{ op: 'replace', path: ['rows', 'T1', 'name'], value: `v${n - 1}` }],
});

/** A log written oldest first, as the client sends it; returned newest first as the server lists it. */
function log(steps: [LoggedAction['origin'], HistoryEntry, string?][]): LoggedAction[] {
  return steps
    .map(([origin, e, user = ME], i) => {
      // An undo is sent with the inverse as its patches (sync.ts).
      const sent = origin === 'undo' ? { ...e, patches: e.inversePatches, inversePatches: e.patches } : e;
      return { id: `a${i + 1}`, revision: i + 1, origin, user_id: user, entry: serializeEntry(sent) };
    })
    .reverse();
}

const labels = (items: readonly unknown[]) => items.map((i) => (i as HistoryEntry).labelKey);

describe('historyFromUndoLog', () => {
  it('keeps the still-undoable entries in order and the undone ones for redo', () => {
    const [e1, e2, e3, e4] = [entry(1), entry(2), entry(3), entry(4)];
    const h = historyFromUndoLog(
      log([
        ['do', e1],
        ['do', e2],
        ['do', e3],
        ['undo', e3],
        ['undo', e2],
        ['redo', e2],
        ['do', e4],
        ['undo', e4],
      ]),
      ME,
    );
    expect(labels(h.undos)).toEqual(['edit 1', 'edit 2']);
    expect(labels(h.redos)).toEqual(['edit 4']);
    // The redo entry applies the edit again; undo takes it back.
    expect(h.redos[0]!.patches).toEqual(e4.patches);
    expect(h.redos[0]!.inversePatches).toEqual(e4.inversePatches);
    expect((h.undos[1] as HistoryEntry).inversePatches).toEqual(e2.inversePatches);
  });

  it('a do clears the redo stack; the history limit drops the oldest entries', () => {
    const h = historyFromUndoLog(
      log([
        ['do', entry(1)],
        ['do', entry(2)],
        ['undo', entry(2)],
        ['do', entry(3)],
        ['do', entry(4)],
      ]),
      ME,
      2,
    );
    expect(labels(h.undos)).toEqual(['edit 3', 'edit 4']);
    expect(h.redos).toEqual([]);
    expect(h.limit).toBe(2);
  });

  it("stops at another user's action, at a restore and at a revision gap", () => {
    const steps: [LoggedAction['origin'], HistoryEntry, string?][] = [
      ['do', entry(1)],
      ['do', entry(2), OTHER],
      ['do', entry(3)],
      ['do', entry(4)],
    ];
    expect(labels(historyFromUndoLog(log(steps), ME).undos)).toEqual(['edit 3', 'edit 4']);
    steps[1] = ['restore', entry(2)];
    expect(labels(historyFromUndoLog(log(steps), ME).undos)).toEqual(['edit 3', 'edit 4']);
    const gap = log([
      ['do', entry(1)],
      ['do', entry(2)],
      ['do', entry(3)],
    ]).filter((a) => a.revision !== 2);
    expect(labels(historyFromUndoLog(gap, ME).undos)).toEqual(['edit 3']);
  });

  it('rebuilds nothing when the newest action is not the loaded revision or is not ours', () => {
    const actions = log([['do', entry(1)]]);
    expect(historyFromUndoLog(actions, ME, 200, 2).undos).toEqual([]);
    expect(historyFromUndoLog(actions, ME, 200, 1).undos).toHaveLength(1);
    expect(historyFromUndoLog(actions, OTHER).undos).toEqual([]);
    expect(historyFromUndoLog([], ME).undos).toEqual([]);
  });

  it('an undo whose do is older than the run leaves only that entry to redo; a bad entry ends the run', () => {
    const h = historyFromUndoLog(
      log([
        ['do', entry(1), OTHER],
        ['undo', entry(2)],
      ]),
      ME,
    );
    expect(h.undos).toEqual([]);
    expect(labels(h.redos)).toEqual(['edit 2']);
    const bad = log([
      ['do', entry(1)],
      ['do', entry(2)],
    ]);
    bad[1] = { ...bad[1]!, entry: { v: 99 } };
    expect(labels(historyFromUndoLog(bad, ME).undos)).toEqual(['edit 2']);
  });
});

// The real loop: commands through the store, batches through VersionSync into a fake undo log;
// the history rebuilt from that log is the one the client held.
describe('history rebuilt from the batches the client sent', () => {
  let sync: VersionSync | null = null;
  afterEach(() => sync?.dispose());
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(4);
    loadVersion(version(), rows, relations);
    workbench.set({ selection: { anchor: { row: 2, col: 1 }, focus: { row: 3, col: 1 } } });
  });

  it('equals the in-memory history', async () => {
    const actions: LoggedAction[] = [];
    let revision = 1;
    sync = new VersionSync(
      {
        send: async (b) => {
          revision += 1;
          actions.unshift({ id: `a${revision}`, revision, origin: b.origin, user_id: ME, entry: b.entry });
          return { revision };
        },
      },
      async () => undefined,
    );
    for (const id of ['indent', 'insertRow', 'undo', 'outdent', 'indent', 'undo', 'undo', 'redo'])
      runCommand(id);
    for (let i = 0; i < 40 && workbench.get().saving > 0; i++) await new Promise((r) => setTimeout(r, 0));
    expect(workbench.get().saving).toBe(0);
    const live = workbench.get().history;
    expect(live.undos.length).toBeGreaterThan(0);
    expect(live.redos.length).toBeGreaterThan(0);
    const rebuilt = historyFromUndoLog(actions, ME, live.limit, revision);
    const strip = (h: typeof live) => {
      const s = serializeHistory(h);
      const noId = ({ id: _id, ...e }: (typeof s.undos)[number]) => e;
      return { ...s, undos: s.undos.map(noId), redos: s.redos.map(noId) };
    };
    expect(strip(rebuilt)).toEqual(strip(live));
  });
});
