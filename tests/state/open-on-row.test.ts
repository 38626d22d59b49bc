// A version opened on a row (?row=, the project grid's Open schedule): the row chosen stays
// selected and in view whatever finishes after it — the timescale's reset once the open is done,
// a reload of the same version — and another version opens at its top.
import { beforeEach, describe, expect, it } from 'vitest';
import { resetTimescale } from '../../src/modules/schedule/load';
import { loadVersion } from '../../src/state/workbench/data';
import { selectRowById } from '../../src/state/workbench/find';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { chain, version } from './fixtures';

provideServices({ newId: () => 'new', hoursPerDay: () => 8 });

const focusedId = () => {
  const s = workbench.get();
  return s.visible.ids[s.selection.focus.row];
};

describe('opening a version on a row', () => {
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(200);
    loadVersion(version(), rows, relations);
  });

  it('keeps the row in view when the timescale is reset after the open', () => {
    expect(selectRowById('T150')).toBe(true);
    const top = workbench.get().scrollTop;
    expect(top).toBeGreaterThan(0);
    resetTimescale();
    expect(workbench.get().scrollTop).toBe(top);
    expect(focusedId()).toBe('T150');
  });

  it('keeps the place on a reload of the same version, and opens another at its top', () => {
    selectRowById('T150');
    const top = workbench.get().scrollTop;
    const { rows, relations } = chain(200);
    loadVersion(version(), rows, relations);
    expect(workbench.get().scrollTop).toBe(top);
    loadVersion(version('00000000-0000-4000-8000-000000000002'), rows, relations);
    expect(workbench.get().scrollTop).toBe(0);
  });
});
