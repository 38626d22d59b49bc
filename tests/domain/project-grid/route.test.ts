import { describe, expect, it } from 'vitest';
import { mergeParts, summaryIdOf } from '../../../src/domain/project-grid/merge';
import type { GridPart } from '../../../src/domain/project-grid/merge';
import { learn, routeOf, routesOf, toGrid, toVersion } from '../../../src/domain/project-grid/route';
import type { WbsRow } from '../../../src/domain/wbs/types';

const row = (id: string, parentId: string | null, orderKey: string): WbsRow => ({
  id,
  parentId,
  orderKey,
  nodeType: 'task',
  name: id,
  code: null,
  calendarId: null,
  duration: 480,
  remaining: null,
  startLimitType: null,
  startLimitDate: null,
  finishLimitType: null,
  finishLimitDate: null,
  actualStart: null,
  actualFinish: null,
  percentComplete: 0,
  volume: null,
  price: null,
  color: null,
  attributes: {},
});

// Two schedules; B is a copy of A (same ids), so B's rows get grid ids of their own.
const a: GridPart = {
  key: 'A',
  name: 'A',
  rows: [row('s1', null, 'a0'), row('t1', 's1', 'a0'), row('t2', 's1', 'a1')],
  relations: [{ id: 'r1', predId: 't1', succId: 't2', type: 'fs', lag: 0 }],
  dates: null,
};
const b: GridPart = { ...a, key: 'B', name: 'B' };
const merged = mergeParts([a, b]);
const routes = () => routesOf(merged);
const gid = (part: number, own: string) => merged.gridIds[part]!.get(own)!;

describe('routing a project grid edit to its version', () => {
  it('sends a cell edit of each schedule to its own version, in its own ids', () => {
    const r = routes();
    const edit = [{ op: 'replace', path: ['rows', gid(1, 't1'), 'name'], value: 'x' }];
    expect(gid(1, 't1')).not.toBe('t1');
    expect(routeOf(edit, r)).toEqual({ ok: true, part: 1 });
    expect(toVersion(edit, r)).toEqual([{ op: 'replace', path: ['rows', 't1', 'name'], value: 'x' }]);
    const editA = [{ op: 'replace', path: ['rows', 't1', 'duration'], value: 960 }];
    expect(routeOf(editA, r)).toEqual({ ok: true, part: 0 });
  });

  it('refuses a paste or fill whose rows span two schedules', () => {
    const r = routes();
    const fill = [
      { op: 'replace', path: ['rows', 't2', 'duration'], value: 960 },
      { op: 'replace', path: ['rows', gid(1, 't1'), 'duration'], value: 960 },
    ];
    expect(routeOf(fill, r)).toEqual({ ok: false, reason: 'span' });
    // A fill down from A's last row over B's summary row into B: still two schedules.
    const over = [
      { op: 'replace', path: ['rows', 't2', 'duration'], value: 960 },
      { op: 'replace', path: ['rows', summaryIdOf('B'), 'duration'], value: 960 },
      { op: 'replace', path: ['rows', gid(1, 's1'), 'duration'], value: 960 },
    ];
    expect(routeOf(over, r)).toEqual({ ok: false, reason: 'span' });
  });

  it('refuses an indent or move across a schedule boundary, and outdent to the top level', () => {
    const r = routes();
    // A's row under B's summary row (moved into B)
    expect(
      routeOf([{ op: 'replace', path: ['rows', 't1', 'parentId'], value: summaryIdOf('B') }], r),
    ).toEqual({
      ok: false,
      reason: 'boundary',
    });
    // B's top row under A's last row (indent past the boundary)
    expect(routeOf([{ op: 'replace', path: ['rows', gid(1, 's1'), 'parentId'], value: 't2' }], r)).toEqual({
      ok: false,
      reason: 'boundary',
    });
    // A's top row out of its schedule's summary row (outdent to the grid's top level)
    expect(routeOf([{ op: 'replace', path: ['rows', 's1', 'parentId'], value: null }], r)).toEqual({
      ok: false,
      reason: 'boundary',
    });
    // Within A: indent under its sibling goes through
    expect(routeOf([{ op: 'replace', path: ['rows', 't2', 'parentId'], value: 't1' }], r)).toEqual({
      ok: true,
      part: 0,
    });
  });

  it('refuses a change of a schedule summary row', () => {
    expect(
      routeOf([{ op: 'replace', path: ['rows', summaryIdOf('A'), 'name'], value: 'x' }], routes()),
    ).toEqual({
      ok: false,
      reason: 'summary',
    });
  });

  it('routes an inserted row by its parent, the summary row as parent becoming the top level', () => {
    const r = routes();
    const add = [{ op: 'add', path: ['rows', 'n1'], value: row('n1', summaryIdOf('B'), 'a5') }];
    expect(routeOf(add, r)).toEqual({ ok: true, part: 1 });
    const own = toVersion(add, r);
    expect(own[0]!.path).toEqual(['rows', 'n1']);
    expect((own[0]!.value as WbsRow).parentId).toBeNull();
    learn(add, 1, r);
    // Its later edits and its removal (undo) go to B too.
    expect(routeOf([{ op: 'remove', path: ['rows', 'n1'] }], r)).toEqual({ ok: true, part: 1 });
    // A new row under a new row (paste past the end) follows its parent.
    const two = [
      { op: 'add', path: ['rows', 'n2'], value: row('n2', 't1', 'a9') },
      { op: 'add', path: ['rows', 'n3'], value: row('n3', 'n2', 'a0') },
    ];
    expect(routeOf(two, r)).toEqual({ ok: true, part: 0 });
  });

  it('refuses a relation between two schedules; one within a schedule goes with its ends', () => {
    const r = routes();
    const across = [
      {
        op: 'add',
        path: ['relations', 'x1'],
        value: { id: 'x1', predId: 't1', succId: gid(1, 't2'), type: 'fs', lag: 0 },
      },
    ];
    expect(routeOf(across, r)).toEqual({ ok: false, reason: 'span' });
    const within = [
      {
        op: 'add',
        path: ['relations', 'x2'],
        value: { id: 'x2', predId: gid(1, 't1'), succId: gid(1, 't2'), type: 'fs', lag: 0 },
      },
    ];
    expect(routeOf(within, r)).toEqual({ ok: true, part: 1 });
    const own = toVersion(within, r)[0]!.value as { predId: string; succId: string };
    expect([own.predId, own.succId]).toEqual(['t1', 't2']);
  });

  it('writes another user’s change of a version in the grid’s ids, top level under the summary', () => {
    const r = routes();
    const theirs = [
      { op: 'replace', path: ['rows', 't1', 'name'], value: 'theirs' },
      { op: 'add', path: ['rows', 'z'], value: row('z', null, 'b0') },
    ];
    const g = toGrid(theirs, 1, r);
    expect(g[0]!.path).toEqual(['rows', gid(1, 't1'), 'name']);
    expect((g[1]!.value as WbsRow).parentId).toBe(summaryIdOf('B'));
    // and back: the same patches in the version's ids again
    learn(g, 1, r);
    expect(toVersion(g, r)).toEqual(theirs);
  });

  it("routes a row's day values (wdp) with the row, in its version's ids both ways", () => {
    const r = routes();
    const day = [{ op: 'add', path: ['wdp', gid(1, 't1'), 9500], value: { plan: 7 } }];
    expect(routeOf(day, r)).toEqual({ ok: true, part: 1 });
    expect(toVersion(day, r)).toEqual([{ op: 'add', path: ['wdp', 't1', 9500], value: { plan: 7 } }]);
    expect(toGrid(toVersion(day, r), 1, r)).toEqual(day);
    // With the row's percent complete (progress from facts): one schedule.
    const withPct = [...day, { op: 'replace', path: ['rows', gid(1, 't1'), 'percentComplete'], value: 50 }];
    expect(routeOf(withPct, r)).toEqual({ ok: true, part: 1 });
    // Days of rows of two schedules, a summary's days (sums, never stored), an unknown row.
    const both = [...day, { op: 'add', path: ['wdp', 't2', 9500], value: { plan: 1 } }];
    expect(routeOf(both, r)).toEqual({ ok: false, reason: 'span' });
    expect(routeOf([{ op: 'remove', path: ['wdp', summaryIdOf('A'), 9500] }], r)).toEqual({
      ok: false,
      reason: 'summary',
    });
    expect(routeOf([{ op: 'remove', path: ['wdp', 'nope', 9500] }], r)).toEqual({
      ok: false,
      reason: 'unknown',
    });
    // A row's settings and timesheet lines go the same way.
    const kept = [
      { op: 'add', path: ['wdp_row', gid(1, 't2')], value: { unit: 'm3' } },
      { op: 'remove', path: ['timesheet_day', gid(1, 't2'), 'ts1', 9500] },
    ];
    expect(routeOf(kept, r)).toEqual({ ok: true, part: 1 });
    expect(toVersion(kept, r).map((p) => p.path)).toEqual([
      ['wdp_row', 't2'],
      ['timesheet_day', 't2', 'ts1', 9500],
    ]);
  });
});
