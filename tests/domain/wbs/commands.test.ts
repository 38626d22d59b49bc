import { describe, expect, it } from 'vitest';
import { minutesFromParts } from '../../../src/domain/format/dates';
import { applyWbsPatches, commit, wbsState, type WbsState } from '../../../src/domain/wbs/change';
import { attributeColumn, WBS_COLUMNS } from '../../../src/domain/wbs/columns';
import { pasteMatrix } from '../../../src/domain/wbs/paste';
import { addRelations, updateRelation } from '../../../src/domain/wbs/relations';
import { copyRows, countDeleted, createRows, deleteRows } from '../../../src/domain/wbs/rows';
import { toScheduleModel } from '../../../src/domain/wbs/schedule-model';
import { editCell, fillDown, updateValues } from '../../../src/domain/wbs/values';
import { expandToLevel, flattenVisible, outlineNumber } from '../../../src/domain/wbs/view';
import { counterIds, docFromOutline, expectValidTree } from './helpers';

const tree = () =>
  wbsState(
    docFromOutline([
      ['s', 0],
      ['a', 1],
      ['b', 1],
      ['t', 0],
    ]),
  );

const visible = (s: WbsState) => flattenVisible(s.index, expandToLevel(s.index, Infinity)).ids;
const ctx = () => ({ ...counterIds(), hoursPerDay: () => 8, calendars: [{ id: 'c5', name: 'Five-day' }] });

describe('createRows', () => {
  it('creates after a row, as a child and at the end', () => {
    const ids = counterIds();
    let s = tree();
    s = commit(s, createRows(s.doc, s.index, { nodeType: 'task', at: { after: 'a' } }, ids));
    s = commit(s, createRows(s.doc, s.index, { nodeType: 'milestone_finish', at: { childOf: 't' } }, ids));
    s = commit(s, createRows(s.doc, s.index, { nodeType: 'sum', at: { atEnd: true }, count: 2 }, ids));
    expect(visible(s)).toEqual(['s', 'a', 'n1', 'b', 't', 'n2', 'n3', 'n4']);
    expect(s.doc.rows.get('t')!.nodeType).toBe('sum');
    expect(s.doc.rows.get('n2')!.duration).toBe(0);
    expect(s.doc.rows.get('n1')!.duration).toBe(480);
    expect(outlineNumber(s.index, s.doc.rows, 'n2')).toBe('2.1');
    expectValidTree(s.doc, s.index);
  });
});

describe('deleteRows', () => {
  it('removes descendants and relations; undo brings all back', () => {
    const s0 = tree();
    const withRel = commit(s0, addRelations(s0.doc, [{ predId: 'a', succId: 't' }], counterIds('l')));
    expect(countDeleted(withRel.doc, withRel.index, ['s'])).toBe(3);
    const c = deleteRows(withRel.doc, withRel.index, ['s', 'a']);
    expect(c.result.sort()).toEqual(['a', 'b', 's']);
    const s = commit(withRel, c);
    expect([...s.doc.rows.keys()]).toEqual(['t']);
    expect(s.doc.relations.size).toBe(0);
    expect(applyWbsPatches(s, c.inversePatches).doc).toEqual(withRel.doc);
  });
});

describe('copyRows', () => {
  it('copies a subtree right after the original, with its internal relations', () => {
    let s = tree();
    s = commit(
      s,
      addRelations(
        s.doc,
        [
          { predId: 'a', succId: 'b' },
          { predId: 'b', succId: 't' },
        ],
        counterIds('l'),
      ),
    );
    const c = copyRows(s.doc, s.index, ['s'], counterIds('c'));
    s = commit(s, c);
    expect(visible(s)).toEqual(['s', 'a', 'b', 'c1', 'c2', 'c3', 't']);
    const copied = [...s.doc.relations.values()].filter((r) => r.predId.startsWith('c'));
    expect(copied.map((r) => [r.predId, r.succId])).toEqual([['c2', 'c3']]);
    expectValidTree(s.doc, s.index);
  });
});

describe('pasteMatrix', () => {
  it('converts per column, creates rows past the end and reports failures', () => {
    const s = tree();
    const columns = [
      WBS_COLUMNS.name,
      WBS_COLUMNS.duration,
      WBS_COLUMNS.start,
      WBS_COLUMNS.volume,
      WBS_COLUMNS.calendar,
    ];
    const matrix = [
      ['Excavation', '5', '15.01.2024', '1 234,5', 'Five-day'],
      ['Foundations', '2w', 'soon', 'abc', 'nope'],
      ['Walls', '40h', '1/16/2024', '7', ''],
      ['Roof', 'x', '2024-01-17', '', 'c5'],
    ];
    const c = pasteMatrix(s.doc, s.index, { visibleIds: visible(s), row: 2, columns, matrix }, ctx());
    const next = commit(s, c);
    expect(c.result.createdIds).toEqual(['n1', 'n2']);
    expect(c.result.rowIds).toEqual(['b', 't', 'n1', 'n2']);
    expect(c.result.failures.map((f) => [f.row, f.col, f.key])).toEqual([
      [1, 2, 'validation.invalid_date'],
      [1, 3, 'validation.invalid_number'],
      [1, 4, 'wbs.unknown_calendar'],
      [3, 1, 'validation.invalid_duration'],
    ]);
    const r = next.doc.rows;
    expect(r.get('b')).toMatchObject({
      name: 'Excavation',
      duration: 2400,
      volume: 1234.5,
      calendarId: 'c5',
    });
    expect(r.get('b')!.startLimitType).toBe('not_earlier');
    expect(r.get('b')!.startLimitDate).toBe(minutesFromParts({ year: 2024, month: 1, day: 15 }));
    // Failed cells keep their values.
    expect(r.get('t')).toMatchObject({
      name: 'Foundations',
      duration: 4800,
      volume: null,
      calendarId: null,
      startLimitDate: null,
    });
    expect(r.get('n1')).toMatchObject({ name: 'Walls', duration: 2400, volume: 7, parentId: null });
    expect(r.get('n2')).toMatchObject({ name: 'Roof', duration: 480, calendarId: 'c5' });
    expect(visible(next)).toEqual(['s', 'a', 'b', 't', 'n1', 'n2']);
    expectValidTree(next.doc, next.index);
    expect(applyWbsPatches(next, c.inversePatches).doc).toEqual(s.doc);
  });
  it('refuses read-only columns and a non-sum type on a row with children', () => {
    const s = tree();
    const c = pasteMatrix(
      s.doc,
      s.index,
      {
        visibleIds: visible(s),
        row: 0,
        columns: [WBS_COLUMNS.type, WBS_COLUMNS.total_float],
        matrix: [['task', '3']],
      },
      ctx(),
    );
    expect(c.result.failures.map((f) => f.key)).toEqual(['wbs.type_has_children', 'wbs.read_only']);
    expect(c.patches).toEqual([]);
  });
  it('writes attribute columns and clears them with an empty cell', () => {
    const s = tree();
    const col = attributeColumn('zone', 'text');
    const c = pasteMatrix(
      s.doc,
      s.index,
      { visibleIds: visible(s), row: 1, columns: [col], matrix: [['A'], ['']] },
      ctx(),
    );
    expect(c.doc.rows.get('a')!.attributes).toEqual({ zone: 'A' });
    expect(c.doc.rows.get('b')!.attributes).toEqual({ zone: null });
  });
});

describe('values', () => {
  it('fills down values and limit types', () => {
    let s = tree();
    s = commit(s, updateValues(s.doc, s.index, [{ id: 'a', column: WBS_COLUMNS.volume, value: 5 }]));
    s = commit(s, editCell(s.doc, s.index, 'a', WBS_COLUMNS.finish, '01.02.2024', ctx()));
    s = commit(
      s,
      updateValues(s.doc, s.index, [
        { id: 'a', column: { id: 'x', kind: 'text', field: 'finishLimitType' }, value: 'not_later' },
      ]),
    );
    const c = fillDown(s.doc, s.index, ['a', 'b', 't'], [WBS_COLUMNS.volume, WBS_COLUMNS.finish]);
    expect(c.doc.rows.get('t')).toMatchObject({
      volume: 5,
      finishLimitType: 'not_later',
      finishLimitDate: s.doc.rows.get('a')!.finishLimitDate,
    });
  });
  it('reports a bad typed value without changing anything', () => {
    const s = tree();
    const c = editCell(s.doc, s.index, 'a', WBS_COLUMNS.progress, '120', ctx());
    expect(c.result).toEqual([{ key: 'wbs.percent_range', id: 'a', columnId: 'progress' }]);
    expect(c.patches).toEqual([]);
  });
});

describe('relations', () => {
  it('refuses a cycle and names its path', () => {
    let s = tree();
    const ids = counterIds('l');
    s = commit(
      s,
      addRelations(
        s.doc,
        [
          { predId: 'a', succId: 'b' },
          { predId: 'b', succId: 't' },
        ],
        ids,
      ),
    );
    const c = addRelations(s.doc, [{ predId: 't', succId: 'a' }], ids);
    expect(c.patches).toEqual([]);
    expect(c.result.refused).toEqual([
      { key: 'wbs.relation_cycle', params: { path: ['t', 'a', 'b', 't'] }, input: 0 },
    ]);
  });
  it('refuses self, duplicate and summary-to-own-row links; checks a chain in order', () => {
    const s = tree();
    const c = addRelations(
      s.doc,
      [
        { predId: 'a', succId: 'a' },
        { predId: 's', succId: 'a' },
        { predId: 'a', succId: 'b' },
        { predId: 'a', succId: 'b' },
        { predId: 'b', succId: 'a' },
      ],
      counterIds('l'),
    );
    expect(c.result.added).toEqual(['l1']);
    expect(c.result.refused.map((r) => r.key)).toEqual([
      'wbs.relation_self',
      'wbs.relation_hierarchy',
      'wbs.relation_duplicate',
      'wbs.relation_cycle',
    ]);
  });
  it('checks new ends on update', () => {
    let s = tree();
    s = commit(
      s,
      addRelations(
        s.doc,
        [
          { predId: 'a', succId: 'b' },
          { predId: 'b', succId: 't' },
        ],
        counterIds('l'),
      ),
    );
    expect(updateRelation(s.doc, 'l1', { lag: 60, type: 'ss' }).doc.relations.get('l1')).toMatchObject({
      lag: 60,
      type: 'ss',
    });
    expect(updateRelation(s.doc, 'l1', { predId: 't' }).result?.key).toBe('wbs.relation_cycle');
  });
});

describe('toScheduleModel', () => {
  it('maps rows to activities in preorder with outline codes, constraints and kinds', () => {
    let s = tree();
    s = commit(s, addRelations(s.doc, [{ predId: 'a', succId: 'b', lag: 60 }], counterIds('l')));
    s = commit(s, editCell(s.doc, s.index, 'b', WBS_COLUMNS.start, '15.01.2024', ctx()));
    s = commit(s, updateValues(s.doc, s.index, [{ id: 'a', column: WBS_COLUMNS.progress, value: 50 }]));
    const options = {
      dataDate: 0,
      projectStart: 0,
      mustFinishBy: null,
      defaultCalendarId: 'std',
      progressMode: 'retained_logic' as const,
      lagCalendar: 'predecessor' as const,
      floatType: 'finish' as const,
      criticalBy: 'total_float' as const,
      criticalFloat: 0,
      semantics: 'p6' as const,
    };
    const m = toScheduleModel(s.doc.rows, s.doc.relations, [], { ...options, projectName: 'P' });
    expect(m.activities.map((a) => [a.id, a.code, a.kind, a.order, a.parentId])).toEqual([
      ['s', '1', 'sum', 0, null],
      ['a', '1.1', 'task', 0, 's'],
      ['b', '1.2', 'task', 1, 's'],
      ['t', '2', 'task', 1, null],
    ]);
    expect(m.activities[1]).toMatchObject({ calendarId: 'std', duration: 480, remaining: 240 });
    expect(m.activities[2]!.constraints).toEqual([
      { on: 'start', type: 'not_earlier', date: minutesFromParts({ year: 2024, month: 1, day: 15 }) },
    ]);
    expect(m.relations).toEqual([{ id: 'l1', predId: 'a', succId: 'b', type: 'fs', lag: 60 }]);
    expect(m.options).toEqual(options);
  });
});
