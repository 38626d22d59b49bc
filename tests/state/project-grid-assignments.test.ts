// The project grid's Assignments tab writes to the row's own version: an assignment call made
// there (assignResource, as the schedule page's editor makes it) has its stored step taken by the
// grid's editor (setAssignmentSteps): the step joins the grid's one history, and its undo and redo
// go as batches to the version the call went to, at that version's revision — beside a cell edit
// of the other schedule, each undone in its own version. A locked version's rows are not editable.
import type { Patch } from 'immer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectGridSchedule } from '../../src/api/project-grid';
import { mergeParts } from '../../src/domain/project-grid/merge';
import { assignResource, setAssignmentSteps } from '../../src/state/resources/assignments';
import { commitPatches, loadVersion, redo, setCommitGuard, undo } from '../../src/state/workbench/data';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import type { SyncBatch } from '../../src/state/workbench/sync';
import { VersionSync } from '../../src/state/workbench/sync';
import { chain, version } from './fixtures';

const sent: SyncBatch[] = [];
vi.mock('../../src/modules/schedule/transport', () => ({
  batchTransport: {
    send: async (b: SyncBatch) => {
      sent.push(b);
      return { revision: b.revision + 1, action_id: 'x' };
    },
  },
}));
/** The assignment calls: each answers with the step the server stored (B's next revision). */
const calls: { params: unknown; body: unknown }[] = [];
const ROW = {
  wbs_id: 'T2',
  resource_id: 'r1',
  units: 40,
  units_per_day: null,
  intensity: 1,
  curve: 'uniform',
  curve_values: null,
};
vi.mock('../../src/app/api/call', async () => {
  const { serializeEntry } = await import('../../src/domain/history');
  return {
    call: async (_route: unknown, req: { params: unknown; body: unknown }) => {
      calls.push(req);
      return {
        items: [],
        undo_step: {
          revision: 8,
          entry: serializeEntry({
            kind: 'undo_wbs',
            labelKey: 'resources:undo.assign',
            patches: [{ op: 'add', path: ['assignments', 'as1'], value: ROW }],
            inversePatches: [{ op: 'remove', path: ['assignments', 'as1'] }],
          }),
        },
      };
    },
  };
});
const { GridEditor } = await import('../../src/modules/project-grid/edit');

const settle = async () => {
  for (let i = 0; i < 30; i++) await new Promise((r) => setTimeout(r, 0));
};
const node = (id: string, name: string) => ({ id, name }) as unknown as ProjectGridSchedule['schedule'];
const A = version('00000000-0000-4000-8000-00000000000a');
const B = { ...version('00000000-0000-4000-8000-00000000000b'), revision: 7 };

describe("project grid: the Assignments tab's calls in the row's own version", () => {
  let editor: InstanceType<typeof GridEditor> | null = null;
  let sync: VersionSync | null = null;

  const open = (bLocked = false) => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(3);
    const part = (key: string) => ({ key, name: key, rows, relations, dates: null });
    const merged = mergeParts([part('A'), part('B')]);
    loadVersion(
      { ...version('project:p'), locked: false },
      [...merged.rows.values()],
      [...merged.relations.values()],
    );
    const b = { ...B, locked: bLocked };
    const schedules = [
      { schedule: node('A', 'Structure'), group: null, version: A, versions: [A] },
      { schedule: node('B', 'Fit-out'), group: null, version: b, versions: [b] },
    ] as unknown as ProjectGridSchedule[];
    editor = new GridEditor(
      { schedules, versions: [A, b], merged },
      true,
      () => undefined,
      () => undefined,
    );
    setCommitGuard(editor.guard);
    setAssignmentSteps(editor.assignmentStep);
    sync = new VersionSync(editor.transport, async () => undefined);
    return merged;
  };

  beforeEach(() => {
    sent.length = 0;
    calls.length = 0;
  });
  afterEach(() => {
    sync?.dispose();
    editor?.dispose();
    setCommitGuard(null);
    setAssignmentSteps(null);
  });

  it('undoes and redoes an assignment in its own version, in the order of the grid’s steps', async () => {
    open();
    // A cell edit of schedule A, then an assignment on B's row T2 (its own id) from the panel.
    commitPatches({
      labelKey: 'cmd.edit',
      kind: 'undo_wbs',
      patches: [{ op: 'replace', path: ['rows', 'T1', 'name'], value: 'in A' }],
      inversePatches: [{ op: 'replace', path: ['rows', 'T1', 'name'], value: 'Task 1' }],
    });
    await settle();
    await assignResource('B', B.id, 'T2', { resource_id: 'r1', units: 40, units_per_day: null });
    expect(calls.at(-1)).toMatchObject({ params: { id: B.id }, body: { wbs_id: 'T2' } });
    expect(workbench.get().history.undos.length).toBeGreaterThanOrEqual(2);

    // Ctrl+Z: the assignment first, as B's undo batch at B's revision after the call (8).
    undo();
    await settle();
    expect(sent.map((b) => [b.versionId, b.origin, b.revision])).toEqual([
      [A.id, 'do', 1],
      [B.id, 'undo', 8],
    ]);
    expect(sent[1]!.entry.patches as Patch[]).toEqual([{ op: 'remove', path: ['assignments', 'as1'] }]);
    // Then A's cell edit, to A.
    undo();
    await settle();
    expect(sent[2]).toMatchObject({ versionId: A.id, origin: 'undo' });
    redo();
    redo();
    await settle();
    expect(sent.slice(3).map((b) => [b.versionId, b.origin])).toEqual([
      [A.id, 'redo'],
      [B.id, 'redo'],
    ]);
    expect(sent[4]!.entry.patches as Patch[]).toEqual([
      { op: 'add', path: ['assignments', 'as1'], value: ROW },
    ]);
  });

  it('offers the tab for editing on an editable version only', () => {
    open(true);
    expect(editor!.editable(A.id)).toBe(true);
    expect(editor!.editable(B.id)).toBe(false);
    expect(editor!.editable('unknown')).toBe(false);
  });
});
