// Delete asks first (counting the rows under a summary too), and above the limit it refuses with
// the 'too many WBS items to remove' notice instead of asking.
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/state/workbench/commands';
import { DELETE_LIMIT } from '../../src/state/workbench/commands-rows';
import { loadVersion } from '../../src/state/workbench/data';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { chain, version } from './fixtures';

const select = (row: number, toRow = row) =>
  workbench.set({ selection: { anchor: { row, col: 1 }, focus: { row: toRow, col: 1 } } });
const remove = () => COMMANDS.get('deleteRows')!.perform();
const counts = () => [workbench.get().wbs.doc.rows.size, workbench.get().wbs.doc.relations.size];

describe('delete rows', () => {
  let asked: string[];
  let told: string[];
  let answer: boolean;
  let restore: () => void;
  beforeEach(() => {
    restore?.();
    asked = [];
    told = [];
    answer = false;
    restore = provideServices({
      confirm: async (message) => (asked.push(message), answer),
      notify: (kind, title, lines) => told.push(`${kind}: ${title} ${lines?.join(' ') ?? ''}`),
    });
    useWorkbench.setState(initialState(), true);
  });

  it('asks with the number of rows going (a summary takes its rows), and does nothing on No', async () => {
    const { rows, relations } = chain(4);
    loadVersion(version(), rows, relations);
    select(0); // the summary and its four tasks
    await remove();
    expect(asked).toEqual(['delete.confirm {"count":5}']);
    expect(counts()).toEqual([5, 3]);

    answer = true;
    select(2, 3); // T2, T3
    await remove();
    expect(asked.at(-1)).toBe('delete.confirm {"count":2}');
    expect(counts()).toEqual([3, 0]);
    // One undo step brings both rows and their relations back.
    COMMANDS.get('undo')!.perform();
    expect(counts()).toEqual([5, 3]);
  });

  it('refuses above the limit with the notice, without asking', async () => {
    const { rows, relations } = chain(DELETE_LIMIT);
    loadVersion(version(), rows, relations);
    select(0); // the summary: the limit's rows and itself
    await remove();
    expect(asked).toEqual([]);
    expect(told).toEqual([
      `warning: delete.too_many_title delete.too_many {"count":${DELETE_LIMIT + 1},"limit":${DELETE_LIMIT}}`,
    ]);
    expect(counts()).toEqual([DELETE_LIMIT + 1, DELETE_LIMIT - 1]);
  });
});
