// The daily plans on the project grid: one wdp store per version (createWdpStore, wdpStoreOf),
// the schedule page's store untouched; the history's ['wdp', row, day] patches reach the store of
// the row's version (setWdpPatchRouting) and go as that version's batch in its own ids, undone
// there; a locked version refuses them (nothing stored, no batch). Schedule B's rows carry
// suffixed grid ids (the same ids as A's), so the own/grid id mapping is exercised.
import type { Patch } from 'immer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectGridSchedule } from '../../src/api/project-grid';
import type { WdpGantt } from '../../src/api/wdp';
import { mergeParts } from '../../src/domain/project-grid/merge';
import {
  createWdpStore,
  dropWdpStores,
  pageWdp,
  setWdpPatchRouting,
  wdpStoreOf,
} from '../../src/state/wdp/store';
import { loadVersion, redo, setCommitGuard, undo } from '../../src/state/workbench/data';
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
const { GridEditor } = await import('../../src/modules/project-grid/edit');
const { wdpRouting, wdpScopes } = await import('../../src/modules/project-grid/wdp');
const { commitEdits } = await import('../../src/modules/wdp/commands');
// The history's wdp patches reach the stores through the handler the wdp module registers.
await import('../../src/modules/wdp/load');

const settle = async () => {
  for (let i = 0; i < 30; i++) await new Promise((r) => setTimeout(r, 0));
};
const node = (id: string, name: string) => ({ id, name }) as unknown as ProjectGridSchedule['schedule'];
const A = version('00000000-0000-4000-8000-00000000000a');
const B = { ...version('00000000-0000-4000-8000-00000000000b'), revision: 7 };
const DAY = 20_500;

/** A gantt answer: plans per own row id on DAY. */
const gantt = (plans: Record<string, number>): WdpGantt => ({
  revision: 1,
  progress_from_facts: false,
  periods: { key_day: DAY, plan_from: null, fact_from: null },
  rows: [],
  days: Object.entries(plans).map(([item_id, plan]) => ({
    item_id,
    day: DAY,
    plan,
    fact: null,
    approved_plan: null,
    status: 'open' as const,
  })),
  resources: [],
});

describe('wdp stores per version', () => {
  afterEach(() => {
    dropWdpStores();
    setWdpPatchRouting(null);
  });

  it('keeps each version its own store, the page its own', () => {
    const a = wdpStoreOf(A.id);
    expect(wdpStoreOf(A.id)).toBe(a);
    const b = wdpStoreOf(B.id);
    expect(b).not.toBe(a);
    a.load(A.id, gantt({ T1: 5 }));
    b.load(B.id, gantt({ T1: 7 }), (own) => `${own}~b`);
    expect(a.get().days.get('T1')?.get(DAY)?.plan).toBe(5);
    expect(b.get().days.get('T1~b')?.get(DAY)?.plan).toBe(7);
    expect(b.get().days.has('T1')).toBe(false);
    expect(pageWdp.get().days.size).toBe(0);
    const fresh = createWdpStore();
    expect(fresh.get().status).toBe('idle');
    dropWdpStores();
    expect(wdpStoreOf(A.id)).not.toBe(a);
  });
});

describe("project grid: daily plans in the row's own version", () => {
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
    const versions = [A, b];
    const schedules = [
      { schedule: node('A', 'Structure'), group: null, version: A, versions: [A] },
      { schedule: node('B', 'Fit-out'), group: null, version: b, versions: [b] },
    ] as unknown as ProjectGridSchedule[];
    editor = new GridEditor(
      { schedules, versions, merged },
      true,
      () => undefined,
      () => undefined,
    );
    setCommitGuard(editor.guard);
    setWdpPatchRouting(wdpRouting(versions, editor.routes));
    sync = new VersionSync(editor.transport, async () => undefined);
    const grid = editor;
    const scopeOf = wdpScopes(versions, editor.routes, (v) => grid.editable(v));
    // B's row T1 in the grid (its id is A's too: suffixed).
    const bT1 = merged.gridIds[1]!.get('T1')!;
    const scopeA = scopeOf('T1')!;
    const scopeB = scopeOf(bT1)!;
    scopeA.store.load(A.id, gantt({ T1: 5 }), scopeA.idOf);
    scopeB.store.load(B.id, gantt({ T2: 3 }), scopeB.idOf);
    return { merged, bT1, scopeA, scopeB, scopeOf };
  };

  beforeEach(() => {
    sent.length = 0;
  });
  afterEach(() => {
    sync?.dispose();
    editor?.dispose();
    setCommitGuard(null);
    setWdpPatchRouting(null);
    dropWdpStores();
  });

  it("gives each row its version's scope: store, rows, ids", () => {
    const { bT1, scopeA, scopeB, scopeOf, merged } = open();
    expect(bT1).not.toBe('T1');
    expect(scopeA.versionId).toBe(A.id);
    expect(scopeB.versionId).toBe(B.id);
    expect(scopeOf(merged.summaryIds[1]!)).toBe(scopeB);
    expect([scopeA.editable, scopeB.editable]).toEqual([true, true]);
    expect(scopeA.owns('T2')).toBe(true);
    expect(scopeA.owns(bT1)).toBe(false);
    expect(scopeB.owns(bT1)).toBe(true);
    // Each store holds its version's days under the grid's ids.
    expect(scopeA.store.get().days.get('T1')?.get(DAY)?.plan).toBe(5);
    expect(scopeB.store.get().days.get(merged.gridIds[1]!.get('T2')!)?.get(DAY)?.plan).toBe(3);
    expect(scopeB.store.get().days.has('T2')).toBe(false);
  });

  it("stores a day typed on B's row in B's store and B's version, undone and redone there", async () => {
    const { bT1, scopeA, scopeB } = open();
    const out = commitEdits(scopeB.store, [{ rowId: bT1, day: DAY, kind: 'plan', value: 7 }]);
    expect(out.applied).toBe(true);
    expect(scopeB.store.get().days.get(bT1)?.get(DAY)?.plan).toBe(7);
    expect(scopeA.store.get().days.get('T1')?.get(DAY)?.plan).toBe(5);
    await settle();
    expect(sent.map((b) => [b.versionId, b.origin, b.revision])).toEqual([[B.id, 'do', 7]]);
    // In B's own ids.
    expect((sent[0]!.entry.patches as Patch[]).map((p) => p.path)).toEqual([['wdp', 'T1', DAY]]);
    expect(sent[0]!.entry.kind).toBe('undo_wdp');

    undo();
    await settle();
    expect(scopeB.store.get().days.get(bT1)?.get(DAY)).toBeUndefined();
    expect(sent[1]).toMatchObject({ versionId: B.id, origin: 'undo' });
    expect((sent[1]!.entry.patches as Patch[])[0]!.path).toEqual(['wdp', 'T1', DAY]);
    redo();
    await settle();
    expect(scopeB.store.get().days.get(bT1)?.get(DAY)?.plan).toBe(7);
    expect(sent[2]).toMatchObject({ versionId: B.id, origin: 'redo' });
    expect(pageWdp.get().days.size).toBe(0);
  });

  it("refuses a day on a locked version's row: nothing stored, nothing sent", async () => {
    const { bT1, scopeA, scopeB } = open(true);
    expect([scopeA.editable, scopeB.editable]).toEqual([true, false]);
    const out = commitEdits(scopeB.store, [{ rowId: bT1, day: DAY, kind: 'plan', value: 7 }]);
    expect(out.applied).toBe(false);
    await settle();
    expect(sent).toEqual([]);
    expect(scopeB.store.get().days.get(bT1)).toBeUndefined();
    expect(workbench.get().history.undos).toEqual([]);
  });
});
