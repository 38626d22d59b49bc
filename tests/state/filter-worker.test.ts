// The filter in the worker: a filter over stored values goes to the provided worker (here the same
// filter-core over a copy of the rows, as the schedule worker holds them) and its positions come
// back as the same rows and view the main thread's evaluation gives; a worker with other rows, a
// filter it cannot read (indicator, schedule column) and a change meanwhile are evaluated here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTreeIndex } from '../../src/domain/wbs/tree-index';
import { loadVersion } from '../../src/state/workbench/data';
import { filterShownRowsByIds, parseFilterParams, type ActiveFilter } from '../../src/state/workbench/filter';
import { provideFilterWorker, setFilter } from '../../src/state/workbench/filter-view';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import {
  filterRequest,
  runFilter,
  type FilterRequest,
  type FilterSource,
} from '../../src/workers/filter-core';
import type { TreeIndex, WbsRow } from '../../src/domain/wbs';
import { inProcessScheduleService } from '../../src/workers/schedule-client';
import { preorderTree } from '../../src/domain/filter';
import { chain, version } from './fixtures';

provideServices({ newId: () => 'new', hoursPerDay: () => 8 });

const active = (filter: string | null, indicator: string | null = null): ActiveFilter => {
  const p = parseFilterParams(filter, indicator);
  if (!p.ok || !p.filter) throw new Error('expected a filter');
  return p.filter;
};
const ids = () => workbench.get().visible.ids;
const settle = () => new Promise((r) => setTimeout(r, 0));

/** Rows as a worker holding no schedule and no calculated attribute would. */
const plainSource = (rows: Map<string, WbsRow>, index: TreeIndex): FilterSource => ({
  rows,
  relations: new Map(),
  index,
  schedule: null,
  computed: () => undefined,
});

describe('the filter in the worker', () => {
  let stop: () => void = () => undefined;
  let asked: FilterRequest[] = [];
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(6);
    rows[2] = { ...rows[2]!, name: 'Pour slab', volume: 2 };
    rows[4] = { ...rows[4]!, name: 'Pour wall', color: '#ff0000' };
    loadVersion(version(), rows, relations);
    // The worker's own copy of the rows, as of now.
    const copy = new Map(workbench.get().wbs.doc.rows);
    const index = buildTreeIndex(copy);
    asked = [];
    stop = provideFilterWorker(async (req) => {
      asked.push(req);
      return runFilter(plainSource(copy, index), req);
    });
  });
  afterEach(() => stop());

  it('answers a filter over stored values with the rows and view of the main thread', async () => {
    const f = active(
      '{"match":"any","conditions":[{"field":"name","op":"like","value":"pour"},{"field":"volume","op":"sum_exists"}]}',
    );
    setFilter(f);
    expect(asked).toHaveLength(1);
    await settle();
    const s = workbench.get();
    expect(s.filter).toBe(f);
    expect(s.filterShown).toEqual(filterShownRowsByIds(s, f, () => 8));
    expect(ids()).toEqual(['S', 'T2', 'T4']);
    setFilter(active('{"field":"color","op":"colors","values":["#F00"]}'));
    await settle();
    expect(ids()).toEqual(['S', 'T4']);
  });

  it('sends every filter to the worker, and evaluates here when the worker has other rows', async () => {
    setFilter(active('{"field":"duration","op":"gte","value":1}'));
    setFilter(active(null, 'not_started'));
    expect(asked).toHaveLength(2);
    stop();
    stop = provideFilterWorker(async (req) =>
      runFilter(plainSource(new Map(), buildTreeIndex(new Map())), req),
    );
    setFilter(active('{"field":"name","op":"like","value":"pour"}'));
    await settle();
    expect(ids()).toEqual(['S', 'T2', 'T4']);
  });

  it('drops an answer a newer filter overtook', async () => {
    setFilter(active('{"field":"name","op":"like","value":"slab"}'));
    setFilter(active('{"field":"name","op":"like","value":"wall"}'));
    await settle();
    expect(ids()).toEqual(['S', 'T4']);
  });

  it('is answered by the schedule service from its own copy of the rows', async () => {
    const service = inProcessScheduleService();
    const s = workbench.get();
    const tree = preorderTree(s.wbs.index);
    const req = () => filterRequest({ field: 'name', op: 'like', value: 'wall' }, tree, s.expanded);
    expect(await service.filter!(req())).toBeNull(); // nothing opened yet
    const calendars = [{ id: 'c', name: 'Std', week: [[], [], [], [], [], [], []], exceptions: [] }];
    await service.open(s.wbs.doc, calendars as never, { dataDate: 0 } as never, s.dataRevision);
    const reply = (await service.filter!(req()))!;
    expect([...reply.shown].map((p) => tree.ids[p])).toEqual(['S', 'T4']);
    expect([...reply.visible].map((p) => tree.ids[p])).toEqual(['S', 'T4']);
  });
});
