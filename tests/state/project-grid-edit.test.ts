// The project grid edited like one version: a change of one schedule's rows goes as that
// schedule's version batch (the batch route's transport, in the version's own ids, with that
// version's revision); one history across the schedules (Ctrl+Z undoes the last step, whichever
// version it went to); a change spanning two schedules or leaving its schedule is refused before
// anything changes, with a toast naming why; a locked version's rows stay read-only.
import type { Patch } from 'immer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectGridSchedule } from '../../src/api/project-grid';
import type { SyncBatch } from '../../src/state/workbench/sync';
import { mergeParts, summaryIdOf } from '../../src/domain/project-grid/merge';
import { commitPatches, loadVersion, redo, setCommitGuard, undo } from '../../src/state/workbench/data';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { SyncEditConflict, VersionSync, chooseConflict } from '../../src/state/workbench/sync';
import type { EditConflictBody } from '../../src/api/wbs-batch';
import { serializeEntry } from '../../src/domain/history';
import type { HistoryEntry } from '../../src/domain/history';
import { chain, version } from './fixtures';

const sent: SyncBatch[] = [];
/** The next send answers with this edit conflict instead (in the version's own ids). */
let conflictNext: EditConflictBody | null = null;
vi.mock('../../src/modules/schedule/transport', () => ({
  batchTransport: {
    send: async (b: SyncBatch) => {
      sent.push(b);
      const c = conflictNext;
      conflictNext = null;
      if (c) throw new SyncEditConflict(c);
      return { revision: b.revision + 1, action_id: 'x' };
    },
  },
}));
const { GridEditor } = await import('../../src/modules/project-grid/edit');

const settle = async () => {
  for (let i = 0; i < 30; i++) await new Promise((r) => setTimeout(r, 0));
};

const node = (id: string, name: string) => ({ id, name }) as unknown as ProjectGridSchedule['schedule'];
const A = version('00000000-0000-4000-8000-00000000000a');
const B = { ...version('00000000-0000-4000-8000-00000000000b'), revision: 7 };

describe('project grid: edits routed to their versions', () => {
  let editor: InstanceType<typeof GridEditor> | null = null;
  let sync: VersionSync | null = null;
  let toasts: string[] = [];

  const open = (bLocked = false) => {
    useWorkbench.setState(initialState(), true);
    // B is a copy of A: same own ids, so B's rows carry grid ids of their own.
    const { rows, relations } = chain(3);
    const part = (key: string) => ({ key, name: key, rows, relations, dates: null });
    const merged = mergeParts([part('A'), part('B')]);
    loadVersion(
      { ...version('project:p'), locked: false },
      [...merged.rows.values()],
      [...merged.relations.values()],
    );
    const schedules = [
      { schedule: node('A', 'Structure'), group: null, version: A, versions: [A] },
      { schedule: node('B', 'Fit-out'), group: null, version: { ...B, locked: bLocked }, versions: [B] },
    ] as unknown as ProjectGridSchedule[];
    editor = new GridEditor(
      { schedules, versions: [A, { ...B, locked: bLocked }], merged },
      true,
      (title) => toasts.push(title),
      () => undefined,
    );
    setCommitGuard(editor.guard);
    sync = new VersionSync(editor.transport, async () => undefined);
    return merged;
  };
  const rename = (id: string, name: string) => {
    const before = workbench.get().wbs.doc.rows.get(id)!.name;
    return commitPatches({
      labelKey: 'cmd.edit',
      kind: 'undo_wbs',
      patches: [{ op: 'replace', path: ['rows', id, 'name'], value: name }],
      inversePatches: [{ op: 'replace', path: ['rows', id, 'name'], value: before }],
    });
  };
  const nameOf = (id: string) => workbench.get().wbs.doc.rows.get(id)?.name;

  beforeEach(() => {
    sent.length = 0;
    toasts = [];
  });
  afterEach(() => {
    sync?.dispose();
    editor?.dispose();
    setCommitGuard(null);
  });

  it('sends each schedule’s edit to its own version, and undoes the last step first', async () => {
    const merged = open();
    const bT1 = merged.gridIds[1]!.get('T1')!;
    expect(bT1).not.toBe('T1');
    rename('T1', 'in A');
    rename(bT1, 'in B');
    await settle();
    expect(sent.map((b) => [b.versionId, b.origin, b.revision])).toEqual([
      [A.id, 'do', 1],
      [B.id, 'do', 7],
    ]);
    // In B's own ids.
    expect((sent[1]!.entry.patches as Patch[])[0]!.path).toEqual(['rows', 'T1', 'name']);
    undo();
    await settle();
    expect(nameOf(bT1)).not.toBe('in B');
    expect(nameOf('T1')).toBe('in A');
    undo();
    await settle();
    expect(nameOf('T1')).not.toBe('in A');
    // Each undo went to the version its step changed, on that version's next revision.
    expect(sent.slice(2).map((b) => [b.versionId, b.origin, b.revision])).toEqual([
      [B.id, 'undo', 8],
      [A.id, 'undo', 2],
    ]);
    redo();
    await settle();
    expect(nameOf('T1')).toBe('in A');
    expect(sent.at(-1)).toMatchObject({ versionId: A.id, origin: 'redo', revision: 3 });
  });

  it('refuses a change spanning two schedules, or leaving its schedule, before anything changes', async () => {
    const merged = open();
    const bT1 = merged.gridIds[1]!.get('T1')!;
    const span = commitPatches({
      labelKey: 'cmd.fillDown',
      kind: 'undo_wbs',
      patches: [
        { op: 'replace', path: ['rows', 'T1', 'name'], value: 'x' },
        { op: 'replace', path: ['rows', bT1, 'name'], value: 'x' },
      ],
      inversePatches: [],
    });
    expect(span).toBeNull();
    expect(nameOf('T1')).not.toBe('x');
    const out = commitPatches({
      labelKey: 'cmd.indent',
      kind: 'undo_wbs',
      patches: [{ op: 'replace', path: ['rows', bT1, 'parentId'], value: summaryIdOf('A') }],
      inversePatches: [],
    });
    expect(out).toBeNull();
    await settle();
    expect(sent).toEqual([]);
    expect(toasts).toEqual([
      'projectgrid:refused.span {"name":""}',
      'projectgrid:refused.boundary {"name":""}',
    ]);
    expect(workbench.get().history.undos.length).toBe(0);
  });

  it('keeps a locked version read-only, the other schedule editable', async () => {
    const merged = open(true);
    const bT1 = merged.gridIds[1]!.get('T1')!;
    expect(rename(bT1, 'no')).toBeNull();
    expect(toasts).toEqual(['projectgrid:refused.locked {"name":"Fit-out"}']);
    expect(rename('T1', 'yes')).not.toBeNull();
    await settle();
    expect(sent.map((b) => b.versionId)).toEqual([A.id]);
  });
  it("shows a version's edit conflict in the grid's ids, and sends the kept edit at that version's revision", async () => {
    const merged = open();
    const bT1 = merged.gridIds[1]!.get('T1')!;
    const bT2 = merged.gridIds[1]!.get('T2')!;
    // Another planner renamed B's T1 and T2 (revision 9): T1 overlaps ours.
    conflictNext = {
      revision: 9,
      conflicts: [{ target: 'rows', id: 'T1', field: 'name', mine: 'ours', theirs: 'theirs' }],
      changes: [
        {
          revision: 8,
          user_id: null,
          origin: 'do',
          entry: serializeEntry({
            kind: 'undo_wbs',
            labelKey: 'cmd.edit',
            patches: [
              { op: 'replace', path: ['rows', 'T1', 'name'], value: 'theirs' },
              { op: 'replace', path: ['rows', 'T2', 'name'], value: 'theirs too' },
            ],
            inversePatches: [],
          }) as unknown as Record<string, unknown>,
        },
      ],
    };
    rename(bT1, 'ours');
    await settle();
    const shown = workbench.get().editConflict;
    expect(shown?.conflicts.map((c) => c.id)).toEqual([bT1]);
    chooseConflict('mine');
    await settle();
    // Their other change is on screen in B's rows; ours is kept and sent again on revision 9.
    expect(nameOf(bT2)).toBe('theirs too');
    expect(nameOf(bT1)).toBe('ours');
    expect(nameOf('T2')).not.toBe('theirs too');
    expect(sent.map((b) => [b.versionId, b.revision])).toEqual([
      [B.id, 7],
      [B.id, 9],
    ]);
    expect((sent[1]!.entry.patches as Patch[]).map((p) => p.path)).toEqual([['rows', 'T1', 'name']]);
  });

  it('rebuilds one history from both versions’ undo logs after a reload, in the order the steps were made', async () => {
    const merged = open();
    const bT1 = merged.gridIds[1]!.get('T1')!;
    const step = (name: string, was: string) => ({
      kind: 'undo_wbs' as const,
      labelKey: `cmd.edit ${name}`,
      patches: [{ op: 'replace' as const, path: ['rows', 'T1', 'name'], value: name }],
      inversePatches: [{ op: 'replace' as const, path: ['rows', 'T1', 'name'], value: was }],
    });
    const logged = (revision: number, origin: 'do' | 'undo', e: ReturnType<typeof step>, at: number) => ({
      id: `r${revision}`,
      revision,
      origin,
      user_id: 'me',
      created_at: new Date(at).toISOString(),
      // An undo is stored with the inverse as its patches (sync.ts).
      entry: serializeEntry(
        origin === 'undo' ? { ...e, patches: e.inversePatches, inversePatches: e.patches } : e,
      ),
    });
    const e2 = step('b1', 'T1');
    const e3 = step('a1', 'T1');
    const e4 = step('b2', 'b1');
    // B (revision 7): b1 at t2, b2 at t4, b2 undone at t5; A (revision 1): a1 at t3.
    const logB = [logged(7, 'undo', e4, 5000), logged(6, 'do', e4, 4000), logged(5, 'do', e2, 2000)];
    const logA = [logged(1, 'do', e3, 3000)];
    const h = editor!.historyFromLogs([logA, logB], 'me', 200);
    const undos = h.undos as HistoryEntry[];
    expect(undos.map((e) => e.labelKey)).toEqual(['cmd.edit b1', 'cmd.edit a1']);
    expect(h.redos.map((e) => e.labelKey)).toEqual(['cmd.edit b2']);
    // B's steps are in the grid's ids of B's rows.
    expect(undos[0]!.patches[0]!.path).toEqual(['rows', bT1, 'name']);
    expect(h.redos[0]!.patches[0]!.path).toEqual(['rows', bT1, 'name']);

    // Ctrl+Z goes on where it was: a1 to A, then b1 to B in B's own ids.
    workbench.set({ history: h });
    undo();
    undo();
    await settle();
    expect(sent.map((b) => [b.versionId, b.origin])).toEqual([
      [A.id, 'undo'],
      [B.id, 'undo'],
    ]);
    expect((sent[1]!.entry.patches as Patch[])[0]).toMatchObject({
      path: ['rows', 'T1', 'name'],
      value: 'T1',
    });

    // A command made in A after B's undo clears what B could redo, as it did before the reload.
    const later = editor!.historyFromLogs([[logged(1, 'do', e3, 6000)], logB], 'me', 200);
    expect(later.redos).toEqual([]);
    expect((later.undos as HistoryEntry[]).map((e) => e.labelKey)).toEqual(['cmd.edit b1', 'cmd.edit a1']);
  });
});
