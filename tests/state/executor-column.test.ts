// The grid's Executor column: a hidden column kept beside the rows (row people), its cells show the
// executor's name (the login when edited or copied), its picker offers the members flagged
// executor (and the current one), it opens for editing although no field of the row stands
// behind it, and the filter does not offer it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Member } from '../../src/api';
import type { Version } from '../../src/api/versions';
import { peopleRouting } from '../../src/modules/project-grid/edit';
import { filterFields } from '../../src/modules/attributes/filter-fields';
import { hasOwnPeople, setPeopleRouting, useRowPeople } from '../../src/state/row-people';
import { cellText } from '../../src/state/workbench/cell-text';
import { COLUMN_DEFS, DEFAULT_COLUMNS, displayedColumns } from '../../src/state/workbench/columns';
import { startEdit, textContext } from '../../src/state/workbench/commands-edit';
import { executorChoices, rowExecutorChoices } from '../../src/state/workbench/executor-column';
import { loadVersion, rowAt } from '../../src/state/workbench/data';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { chain, version } from './fixtures';

provideServices({ newId: () => 'new', hoursPerDay: () => 8 });

const member = (id: string, login: string, first: string, executor: boolean): Member =>
  ({
    user_id: id,
    login,
    first_name: first,
    last_name: 'Smith',
    executor,
  }) as Member;

const bob = member('u-bob', 'bob', 'Bob', true);
const ann = member('u-ann', 'ann', 'Ann', true);
const carl = member('u-carl', 'carl', 'Carl', false);

describe('the Executor column of the workbench grid', () => {
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(3);
    loadVersion(version(), rows, relations);
    useRowPeople.setState({
      versionId: 'v1',
      members: [bob, ann, carl],
      rows: new Map([
        ['T1', { executor_id: 'u-bob', curator_id: null }],
        ['T2', { executor_id: 'u-carl', curator_id: 'u-ann' }],
      ]),
      error: null,
    });
  });

  it('is a hidden column that is no field of the row and not a filter field', () => {
    expect(COLUMN_DEFS.executor!.person).toBe('executor');
    expect(DEFAULT_COLUMNS.find((c) => c.id === 'executor')?.visible).toBe(false);
    const fields = filterFields(
      (id) => id,
      new Map(),
      (id) => id,
    );
    expect(fields.some((f) => f.id === 'executor')).toBe(false);
  });

  it("shows the row's executor by name, and the login when edited or copied", () => {
    const ctx = textContext();
    const s = workbench.get();
    const at = (id: string) => {
      const i = s.visible.ids.indexOf(id);
      return rowAt(s, i)!;
    };
    const col = COLUMN_DEFS.executor!;
    expect(cellText(at('T1'), col, ctx, 'display')).toBe('Bob Smith');
    expect(cellText(at('T1'), col, ctx, 'copy')).toBe('bob');
    expect(cellText(at('T2'), col, ctx, 'edit')).toBe('carl');
    expect(cellText(at('T3'), col, ctx, 'display')).toBe('');
  });

  it('offers the members flagged executor by name, and the current executor though unflagged', () => {
    expect(executorChoices([bob, ann, carl], null).map((c) => c.code)).toEqual(['ann', 'bob']);
    expect(rowExecutorChoices('T2').map((c) => c.code)).toEqual(['ann', 'bob', 'carl']);
    expect(rowExecutorChoices('T1')[1]).toEqual({ code: 'bob', name: 'Bob Smith', depth: 0 });
  });

  it('opens its picker on the focused cell although the row has no such field', () => {
    const columns = workbench.get().columns.map((c) => (c.id === 'executor' ? { ...c, visible: true } : c));
    workbench.set({ columns });
    const col = displayedColumns(columns).findIndex((c) => c.id === 'executor');
    workbench.set({ selection: { anchor: { row: 0, col }, focus: { row: 0, col } } });
    startEdit(null);
    expect(workbench.get().editing).toEqual({ row: 0, col, initial: null });
    // A calculated column next to it still refuses.
    const tf = displayedColumns(columns).findIndex((c) => c.id === 'total_float');
    workbench.set({ editing: null, selection: { anchor: { row: 0, col: tf }, focus: { row: 0, col: tf } } });
    startEdit(null);
    expect(workbench.get().editing).toBeNull();
  });
});

describe('the Executor column of the project grid (rows of several versions)', () => {
  const routes = {
    rows: new Map([
      ['G1', { part: 0, id: 'T1' }],
      ['G2', { part: 1, id: 'T1' }],
      ['S1', { part: 1, id: null }],
    ]),
    relations: new Map(),
    gridRows: [new Map([['T1', 'G1']]), new Map([['T1', 'G2']])],
    gridRelations: [new Map(), new Map()],
    summaryIds: ['S0', 'S1'],
  };
  const versions = [{ id: 'va' }, { id: 'vb' }] as Version[];

  afterEach(() => setPeopleRouting(null));

  it("routes each grid row to its own version's row, and back", () => {
    const r = peopleRouting(versions, routes);
    expect(r.versionIds).toEqual(['va', 'vb']);
    expect(r.own('G2')).toEqual({ versionId: 'vb', wbsId: 'T1' });
    expect(r.own('S1')).toBeNull();
    expect(r.shown('va', 'T1')).toBe('G1');
    expect(r.shown('vc', 'T1')).toBeNull();
  });

  it("offers each row its own version's executors; a schedule's summary has no people", () => {
    setPeopleRouting(peopleRouting(versions, routes));
    useRowPeople.setState({
      versionId: 'grid',
      members: [bob, ann],
      versionMembers: new Map([
        ['va', [bob]],
        ['vb', [ann]],
      ]),
      rows: new Map(),
      error: null,
    });
    expect(rowExecutorChoices('G1').map((c) => c.code)).toEqual(['bob']);
    expect(rowExecutorChoices('G2').map((c) => c.code)).toEqual(['ann']);
    expect(hasOwnPeople('G2')).toBe(true);
    expect(hasOwnPeople('S1')).toBe(false);
    setPeopleRouting(null);
    expect(hasOwnPeople('S1')).toBe(true);
  });
});
