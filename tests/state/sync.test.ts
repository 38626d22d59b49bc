import { beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/state/workbench/commands';
import { applyRemote, loadVersion } from '../../src/state/workbench/data';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import type { SyncBatch } from '../../src/state/workbench/sync';
import {
  SyncConflict,
  SyncEditConflict,
  SyncRefused,
  VersionSync,
  chooseConflict,
} from '../../src/state/workbench/sync';
import { serializeEntry } from '../../src/domain/history';
import { chain, version } from './fixtures';

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('version sync', () => {
  let sync: VersionSync | null = null;
  beforeEach(() => {
    sync?.dispose();
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(3);
    loadVersion(version(), rows, relations);
    workbench.set({ selection: { anchor: { row: 2, col: 1 }, focus: { row: 2, col: 1 } } });
  });

  it('sends each command as one batch with the revision, in order, and follows the new revision', async () => {
    const sent: SyncBatch[] = [];
    let rev = 1;
    workbench.set({ version: { ...workbench.get().version!, timetable_state: 'calculated' } });
    sync = new VersionSync({ send: async (b) => (sent.push(b), { revision: ++rev }) }, async () => undefined);
    runCommand('indent');
    runCommand('undo');
    runCommand('redo');
    await settle();
    await settle();
    expect(sent.map((b) => [b.origin, b.revision])).toEqual([
      ['do', 1],
      ['undo', 2],
      ['redo', 3],
    ]);
    expect(sent[0]!.entry.kind).toBe('undo_wbs');
    // The undo batch carries the inverse as its patches.
    expect(JSON.stringify(sent[1]!.entry.patches)).toContain('"S"');
    expect(workbench.get().version!.revision).toBe(4);
    // The server marks the version not calculated with every batch it stores.
    expect(workbench.get().version!.timetable_state).toBe('not_calculated');
    expect(workbench.get().saving).toBe(0);
  });

  it('never sends remote changes back', async () => {
    const sent: SyncBatch[] = [];
    sync = new VersionSync({ send: async (b) => (sent.push(b), { revision: 2 }) }, async () => undefined);
    applyRemote([{ op: 'replace', path: ['rows', 'T1', 'name'], value: 'From another tab' }]);
    await settle();
    expect(sent).toHaveLength(0);
    expect(workbench.get().wbs.doc.rows.get('T1')!.name).toBe('From another tab');
  });

  it('reloads the version on a stale revision (409) and says so', async () => {
    const told: string[] = [];
    const restore = provideServices({ notify: (_k, title) => told.push(title) });
    let reloaded = 0;
    sync = new VersionSync(
      {
        send: async () => {
          throw new SyncConflict(7);
        },
      },
      async () => {
        reloaded++;
      },
    );
    runCommand('indent');
    await settle();
    await settle();
    expect(reloaded).toBe(1);
    // The indent put T2 under T1, which it was linked with: that link went with it (said first).
    expect(told).toEqual(['link.dropped {"count":1}', 'sync.conflict']);
    restore();
  });

  it('sends a batch that did not get through again, in order, and says so once', async () => {
    const told: string[] = [];
    const restore = provideServices({ notify: (_k, title) => told.push(title) });
    const sent: string[] = [];
    let failures = 2;
    let reloaded = 0;
    sync = new VersionSync(
      {
        send: async (b) => {
          sent.push(b.origin);
          if (failures-- > 0) throw new TypeError('Failed to fetch');
          return { revision: b.revision + 1 };
        },
      },
      async () => void reloaded++,
      [1, 1, 1],
    );
    runCommand('indent');
    runCommand('undo');
    for (let i = 0; i < 5; i++) await settle();
    expect(sent).toEqual(['do', 'do', 'do', 'undo']);
    expect(told.filter((m) => m.startsWith('sync.'))).toEqual(['sync.retrying']);
    expect(reloaded).toBe(0);
    expect(workbench.get().saving).toBe(0);
    expect(workbench.get().version!.revision).toBe(3);
    restore();
  });

  it('reloads the version when the server refuses a batch, or when every try failed', async () => {
    for (const [failure, sends, said] of [
      [new SyncRefused('Bad patch'), 1, ['sync.failed {"message":"Bad patch"}']],
      [new TypeError('Failed to fetch'), 3, ['sync.retrying', 'sync.failed {"message":"Failed to fetch"}']],
    ] as const) {
      sync?.dispose();
      const told: string[] = [];
      const restore = provideServices({ notify: (_k, title) => told.push(title) });
      let tries = 0;
      let reloaded = 0;
      sync = new VersionSync(
        {
          send: async () => {
            tries++;
            throw failure;
          },
        },
        async () => void reloaded++,
        [1, 1],
      );
      runCommand('indent');
      runCommand('undo');
      for (let i = 0; i < 5; i++) await settle();
      expect(tries).toBe(sends);
      expect(told.filter((m) => m.startsWith('sync.'))).toEqual(said);
      // The second command is not sent on top of one the server does not hold.
      expect(reloaded).toBe(1);
      expect(workbench.get().saving).toBe(0);
      restore();
    }
  });
});

describe('version sync with other planners', () => {
  let sync: VersionSync | null = null;
  beforeEach(() => {
    sync?.dispose();
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(3);
    loadVersion(version(), rows, relations);
    workbench.set({ selection: { anchor: { row: 2, col: 1 }, focus: { row: 2, col: 1 } } });
  });

  const theirEntry = (id: string, name: string) =>
    serializeEntry({
      kind: 'undo_wbs',
      labelKey: 'cmd.edit',
      patches: [{ op: 'replace', path: ['rows', id, 'name'], value: name }],
      inversePatches: [{ op: 'replace', path: ['rows', id, 'name'], value: 'old' }],
    }) as unknown as Record<string, unknown>;

  it("applies the changes a batch's answer carries, and follows the new revision", async () => {
    sync = new VersionSync(
      {
        send: async () => ({
          revision: 9,
          changes: [{ revision: 8, user_id: null, origin: 'do', entry: theirEntry('T3', 'Their rename') }],
        }),
      },
      async () => undefined,
    );
    runCommand('indent');
    await settle();
    await settle();
    expect(workbench.get().wbs.doc.rows.get('T3')!.name).toBe('Their rename');
    expect(workbench.get().version!.revision).toBe(9);
  });

  it('on an edit conflict waits for the choice; keep mine sends it again on the new revision', async () => {
    const sent: SyncBatch[] = [];
    const restore = provideServices({ notify: () => undefined });
    const T2 = workbench.get().wbs.doc.rows.get('T2')!;
    sync = new VersionSync(
      {
        send: async (b) => {
          sent.push(b);
          if (sent.length === 1)
            throw new SyncEditConflict({
              revision: 5,
              conflicts: [{ target: 'rows', id: 'T2', field: 'parentId', mine: 'T1', theirs: T2.parentId }],
              changes: [{ revision: 5, user_id: null, origin: 'do', entry: theirEntry('T3', 'Theirs') }],
            });
          return { revision: 6 };
        },
      },
      async () => undefined,
    );
    runCommand('indent');
    await settle();
    await settle();
    expect(workbench.get().editConflict?.conflicts).toHaveLength(1);
    expect(sent).toHaveLength(1);
    chooseConflict('mine');
    await settle();
    await settle();
    expect(sent.map((b) => b.revision)).toEqual([1, 5]);
    expect(workbench.get().wbs.doc.rows.get('T2')!.parentId).toBe('T1');
    expect(workbench.get().wbs.doc.rows.get('T3')!.name).toBe('Theirs');
    expect(workbench.get().version!.revision).toBe(6);
    restore();
  });

  it('take theirs of a structural overlap drops our command on screen and sends none of it', async () => {
    const sent: SyncBatch[] = [];
    const restore = provideServices({ notify: () => undefined });
    sync = new VersionSync(
      {
        send: async (b) => {
          sent.push(b);
          throw new SyncEditConflict({
            revision: 5,
            conflicts: [{ target: 'rows', id: 'T2', field: null, mine: 'T1', theirs: 'T0' }],
            changes: [{ revision: 5, user_id: null, origin: 'do', entry: theirEntry('T2', 'Theirs') }],
          });
        },
      },
      async () => undefined,
    );
    runCommand('indent');
    await settle();
    await settle();
    chooseConflict('theirs');
    await settle();
    await settle();
    expect(sent).toHaveLength(1);
    expect(workbench.get().wbs.doc.rows.get('T2')!.name).toBe('Theirs');
    // The indent is taken back: T2 under S again, its link to T1 back.
    expect(workbench.get().wbs.doc.rows.get('T2')!.parentId).toBe('S');
    expect(workbench.get().wbs.doc.relations.has('R1')).toBe(true);
    expect(workbench.get().saving).toBe(0);
    restore();
  });
});
