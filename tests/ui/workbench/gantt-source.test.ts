import { beforeEach, describe, expect, it } from 'vitest';
import { ganttSource } from '../../../src/gantt/gantt-source';
import { addRelations } from '../../../src/domain/wbs';
import { commitChange, loadVersion, setExpanded, undo } from '../../../src/state/workbench/data';
import { initialState, useWorkbench, workbench } from '../../../src/state/workbench/store';
import { chain, version } from '../../state/fixtures';

describe('gantt source over the store', () => {
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(6);
    loadVersion(version(), rows, relations);
  });

  it('gives bars by visible row and the links touching a row window', () => {
    const src = ganttSource(workbench.get());
    expect(src.rowCount).toBe(7);
    expect(src.bar(0)!.kind).toBe('sum');
    expect(src.bar(3)!.id).toBe('T3');
    const all = src.links(0, 6);
    expect(all.map((l) => l.id).sort()).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    const l = all.find((x) => x.id === 'R2')!;
    expect([l.predRow, l.succRow]).toEqual([2, 3]);
    // Rows 5–6 only: the links with an end there (R4: 4→5, R5: 5→6).
    expect(
      src
        .links(5, 6)
        .map((x) => x.id)
        .sort(),
    ).toEqual(['R4', 'R5']);
  });

  it('drops links to rows hidden under a collapsed summary', () => {
    setExpanded(['S'], false);
    const src = ganttSource(workbench.get());
    expect(src.rowCount).toBe(1);
    expect(src.links(0, 0)).toEqual([]);
  });

  it('shows a link added to rows already in view, and drops a removed one', () => {
    const before = workbench.get();
    expect(ganttSource(before).links(0, 6)).toHaveLength(5);
    const c = addRelations(before.wbs.doc, [{ predId: 'T1', succId: 'T6', type: 'fs', lag: 0 }], {
      newId: () => 'R9',
    });
    commitChange(c, 'link');
    const after = workbench.get();
    expect(after.visible.ids).toBe(before.visible.ids); // the same rows: their positions are reused
    const l = ganttSource(after)
      .links(0, 6)
      .find((x) => x.id === 'R9')!;
    expect([l.predRow, l.succRow]).toEqual([1, 6]);
    undo();
    expect(
      ganttSource(workbench.get())
        .links(0, 6)
        .map((x) => x.id),
    ).not.toContain('R9');
  });

  it('finds every link and its rows among thousands of relations spread over the shards', () => {
    const { rows, relations } = chain(3000);
    loadVersion(version(), rows, relations);
    const links = ganttSource(workbench.get()).links(0, 3000);
    expect(links).toHaveLength(2999);
    // Rk joins Tk (row k) to Tk+1 (row k + 1).
    for (const l of links)
      expect([l.predRow, l.succRow]).toEqual([Number(l.id.slice(1)), Number(l.id.slice(1)) + 1]);
  });
});
