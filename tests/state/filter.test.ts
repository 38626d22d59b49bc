// The page's filter: parsing the address, which rows it shows (ancestors kept), indicators over
// the schedule, edited rows staying in view until Reapply, and re-application after a load.
import { beforeEach, describe, expect, it } from 'vitest';
import { parseFilter } from '../../src/domain/filter';
import { commitEdit, startEdit } from '../../src/state/workbench/commands-edit';
import { loadVersion } from '../../src/state/workbench/data';
import { parseFilterParams, type ActiveFilter } from '../../src/state/workbench/filter';
import { followFilter, reapplyFilter, setFilter } from '../../src/state/workbench/filter-view';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import type { ScheduleSnapshot } from '../../src/state/workbench/schedule-snapshot';
import { chain, DAY, version } from './fixtures';

provideServices({ newId: () => 'new', hoursPerDay: () => 8 });

const ids = () => workbench.get().visible.ids;
const active = (filter: string | null, indicator: string | null = null): ActiveFilter => {
  const p = parseFilterParams(filter, indicator);
  if (!p.ok || !p.filter) throw new Error('expected a filter');
  return p.filter;
};

/** A schedule snapshot for the loaded rows: T2 critical with tf 0, others 2 days of float. */
function schedule(critical: string[]): ScheduleSnapshot {
  const s = workbench.get();
  const order = [...s.wbs.doc.rows.keys()].sort(); // S, T1 … T4: the rows in load order
  const n = order.length;
  const tf = new Int32Array(n).fill(2 * DAY);
  const crit = new Uint8Array(n);
  order.forEach((id, i) => {
    if (critical.includes(id)) {
      tf[i] = 0;
      crit[i] = 1;
    }
  });
  return {
    revision: s.dataRevision,
    position: new Map(order.map((id, i) => [id, i])),
    es: Int32Array.from(order, (_, i) => 9501 * 1440 + i * 1440),
    ef: Int32Array.from(order, (_, i) => 9501 * 1440 + i * 1440 + 480),
    ls: new Int32Array(n),
    lf: new Int32Array(n),
    tf,
    ff: new Int32Array(n),
    critical: crit,
    projectFinish: 0,
    ms: 0,
  };
}

describe('filter parameters', () => {
  it('reads a condition, a group and an indicator, and says where a bad one is wrong', () => {
    expect(parseFilter('{"field":"name","op":"like","value":"pour"}')).toMatchObject({ ok: true });
    expect(
      parseFilter(
        '{"match":"any","conditions":[{"field":"duration","op":"gt","value":2},{"field":"x","op":"exists"}]}',
      ),
    ).toMatchObject({ ok: true });
    expect(parseFilter('{"field":"name","op":"contains"}')).toEqual({ ok: false, path: 'op' });
    expect(parseFilter('{"match":"all","conditions":[{"field":"","op":"eq"}]}')).toEqual({
      ok: false,
      path: 'conditions.0.field',
    });
    expect(parseFilter('{"field":"name","op":"eq","value":{}}')).toEqual({ ok: false, path: 'value' });
    expect(parseFilter('not json')).toEqual({ ok: false, path: '(json)' });
    expect(parseFilterParams(null, null)).toEqual({ ok: true, filter: null });
    expect(parseFilterParams(null, 'late_ish')).toEqual({
      ok: false,
      param: 'filter_indicator',
      detail: 'late_ish',
    });
    expect(parseFilterParams('[1]', 'critical')).toEqual({ ok: false, param: 'filter', detail: '(root)' });
  });
});

describe('the filtered view', () => {
  let stop: () => void;
  beforeEach(() => {
    stop?.();
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(4);
    rows[2] = { ...rows[2]!, name: 'Pour slab', duration: 3 * DAY }; // T2
    loadVersion(version(), rows, relations);
    stop = followFilter();
  });

  it('shows the rows that pass with their ancestors, and everything again when cleared', () => {
    setFilter(active('{"field":"name","op":"like","value":"pour"}'));
    expect(ids()).toEqual(['S', 'T2']);
    setFilter(active('{"field":"duration","op":"gte","value":3}'));
    expect(ids()).toEqual(['S', 'T2']);
    setFilter(
      active(
        '{"match":"any","conditions":[{"field":"name","op":"eq","value":"Task 1"},{"field":"name","op":"eq","value":"Task 4"}]}',
      ),
    );
    expect(ids()).toEqual(['S', 'T1', 'T4']);
    setFilter(null);
    expect(ids()).toEqual(['S', 'T1', 'T2', 'T3', 'T4']);
  });

  it('filters by indicator from the schedule, once the schedule of the data has arrived', () => {
    setFilter(active(null, 'critical'));
    expect(ids()).toEqual([]);
    expect(workbench.get().filterWaitsForSchedule).toBe(true);
    workbench.set({ schedule: schedule(['T2', 'T3']) });
    expect(ids()).toEqual(['S', 'T2', 'T3']);
    expect(workbench.get().filterWaitsForSchedule).toBe(false);
    setFilter(active('{"field":"total_float","op":"gt","value":1}'));
    expect(ids()).toEqual(['S', 'T1', 'T4']);
    setFilter(active('{"field":"start","op":"gte","value":"2026-01-07"}', 'not_started'));
    expect(ids()).toEqual(['S', 'T2', 'T3', 'T4']);
  });

  it('keeps an edited row in view until Reapply, and applies again after a load', () => {
    setFilter(active('{"field":"name","op":"like","value":"pour"}'));
    workbench.set({ selection: { anchor: { row: 1, col: 1 }, focus: { row: 1, col: 1 } } });
    startEdit('Poured');
    commitEdit('Cast slab');
    expect(ids()).toEqual(['S', 'T2']);
    reapplyFilter();
    expect(ids()).toEqual([]);
    const { rows, relations } = chain(4);
    loadVersion(version(), rows, relations);
    expect(ids()).toEqual([]);
    rows[1] = { ...rows[1]!, name: 'Pour footing' };
    loadVersion(version(), rows, relations);
    expect(ids()).toEqual(['S', 'T1']);
  });
});
