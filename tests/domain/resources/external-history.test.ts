// Assignment edits share the WBS undo history as external steps: recorded without patches,
// undone and redone in order with the row edits around them.
import { describe, expect, it } from 'vitest';
import { createHistory, record, redo, undo } from '../../../src/domain/history';
import type { HistoryEntry } from '../../../src/domain/history';

const rowEdit: HistoryEntry = {
  kind: 'undo_wbs',
  labelKey: 'cmd.edit',
  patches: [{ op: 'replace', path: ['rows', 'a', 'name'], value: 'B' }],
  inversePatches: [{ op: 'replace', path: ['rows', 'a', 'name'], value: 'A' }],
};

describe('external steps in the history', () => {
  it('are kept although they carry no patches, and come back in order', () => {
    const step = { undo: async () => undefined, redo: async () => undefined };
    const assign: HistoryEntry = {
      kind: 'undo_wbs',
      labelKey: 'assign',
      patches: [],
      inversePatches: [],
      external: step,
    };
    let h = record(record(createHistory(), rowEdit), assign);
    expect(h.undos).toHaveLength(2);
    const u1 = undo(h);
    expect(u1.entry?.external).toBe(step);
    const u2 = undo(u1.history);
    expect(u2.entry).toBe(rowEdit);
    h = redo(u2.history).history;
    expect(redo(h).entry?.external).toBe(step);
  });

  it('an empty entry without a step is still dropped', () => {
    expect(record(createHistory(), { ...rowEdit, patches: [], inversePatches: [] }).undos).toHaveLength(0);
  });
});
