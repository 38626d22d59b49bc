// Ctrl+L over tasks that are linked already: one line counts the pairs instead of one
// "These tasks are already linked" per pair; a cycle keeps its own line with its path.
import { beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/state/workbench/commands';
import { linkRows } from '../../src/state/workbench/commands-rows';
import { loadVersion } from '../../src/state/workbench/data';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { chain, version } from './fixtures';

let n = 0;
const told: string[][] = [];
provideServices({
  newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  notify: (_kind, title, lines) => void told.push([title, ...(lines ?? [])]),
});

const select = (r0: number, r1: number) =>
  workbench.set({ selection: { anchor: { row: r0, col: 1 }, focus: { row: r1, col: 1 } } });

beforeEach(() => {
  useWorkbench.setState(initialState(), true);
  told.length = 0;
  // S: T1 → T2 → T3 → T4 (rows 1–4), linked already.
  const { rows, relations } = chain(4);
  loadVersion(version(), rows, relations);
});

describe('link refusals', () => {
  it('Ctrl+L on three linked pairs says so in one line with the count', () => {
    select(1, 4);
    runCommand('link');
    expect(told).toEqual([['link.refused', 'wbs.relation_duplicate_count {"count":3}']]);
  });

  it('a single linked pair keeps the plain message', () => {
    select(1, 2);
    runCommand('link');
    expect(told).toEqual([['link.refused', 'wbs.relation_duplicate {}']]);
  });

  it('cycles keep one line each with their path, beside the counted pairs', () => {
    const added = linkRows([
      { predId: 'T4', succId: 'T1' },
      { predId: 'T1', succId: 'T2' },
      { predId: 'T3', succId: 'T2' },
      { predId: 'T2', succId: 'T3' },
    ]);
    expect(added).toBe(false);
    expect(told).toHaveLength(1);
    const [title, ...lines] = told[0]!;
    expect(title).toBe('link.refused');
    expect(lines).toEqual([
      'wbs.relation_cycle {"path":"Task 4 → Task 1 → Task 2 → Task 3 → Task 4"}',
      'wbs.relation_duplicate_count {"count":2}',
      'wbs.relation_cycle {"path":"Task 3 → Task 2 → Task 3"}',
    ]);
  });
});
