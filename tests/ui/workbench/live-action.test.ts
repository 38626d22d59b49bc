import type { Patch } from 'immer';
import { describe, expect, it } from 'vitest';
import { serializeEntry } from '../../../src/domain/history';
import { liveAction } from '../../../src/modules/schedule/live-action';

const patches: Patch[] = [{ op: 'replace', path: ['rows', 'a', 'name'], value: 'B' }];
const entry = serializeEntry({
  kind: 'undo_wbs',
  labelKey: 'cmd.edit',
  patches,
  inversePatches: [{ op: 'replace', path: ['rows', 'a', 'name'], value: 'A' }],
});
const updated = (payload: Record<string, unknown>) => ({ event: 'version_updated', payload });

describe('live events of the open version', () => {
  it('applies the next revision when the event carries its entry', () => {
    expect(liveAction(updated({ revision: 8, entry }), 7, false)).toEqual({
      kind: 'apply',
      revision: 8,
      patches,
    });
  });

  it('reads the version again after a gap, or when the entry did not travel', () => {
    expect(liveAction(updated({ revision: 9, entry }), 7, false)).toEqual({ kind: 'reload' });
    expect(liveAction(updated({ revision: 8 }), 7, false)).toEqual({ kind: 'reload' });
    expect(liveAction(updated({ revision: 8, entry: { v: 999 } }), 7, false)).toEqual({ kind: 'reload' });
  });

  it('ignores what it has, and remote changes while its own batches are on their way', () => {
    expect(liveAction(updated({ revision: 7, entry }), 7, false)).toEqual({ kind: 'ignore' });
    expect(liveAction(updated({ revision: 8, entry }), 7, true)).toEqual({ kind: 'defer' });
    expect(liveAction({ event: 'eps_updated', payload: {} }, 7, false)).toEqual({ kind: 'ignore' });
  });

  it('reads only the state when a calculation reports', () => {
    expect(liveAction({ event: 'timetable_calculate', payload: { progress: 100 } }, 7, false)).toEqual({
      kind: 'state',
    });
  });
});
