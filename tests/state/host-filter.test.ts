// The project grid's filter in a worker (state/workbench/host-filter.ts over workers/filter-host.ts,
// here in-process): two schedules merged into one document as the project grid loads them, every
// filter — stored values, start dates, an indicator — answered by the host (not evaluated on the
// main thread) with the rows the main thread's evaluation shows; an edit reaches the host as its
// patches (the document is not sent again), new dates as new dates, a load as a new document; a
// filter on dates asked before the dates of the loaded rows runs again when they arrive.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeParts, type GridPart, type PartDates } from '../../src/domain/project-grid/merge';
import { applyRemote, loadVersion } from '../../src/state/workbench/data';
import { filterShownRowsByIds, parseFilterParams, type ActiveFilter } from '../../src/state/workbench/filter';
import { followFilter, setFilter } from '../../src/state/workbench/filter-view';
import { provideHostFilter } from '../../src/state/workbench/host-filter';
import { snapshotOf } from '../../src/state/workbench/schedule-snapshot';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import type { FilterReply } from '../../src/workers/filter-core';
import { inProcessFilterHost, type FilterHostService } from '../../src/workers/schedule-client';
import { chain, version } from './fixtures';

provideServices({ newId: () => 'new', hoursPerDay: () => 8 });

const DAY = 1440;
const active = (filter: string | null, indicator: string | null = null): ActiveFilter => {
  const p = parseFilterParams(filter, indicator);
  if (!p.ok || !p.filter) throw new Error('expected a filter');
  return p.filter;
};
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A schedule's part: the fixture chain, its rows starting on `day` (days since 2000-01-01). */
function part(key: string, name: string, day: number, critical: string[] = []): GridPart {
  const { rows, relations } = chain(4);
  const ids = rows.map((r) => r.id);
  const n = ids.length;
  const dates: PartDates = {
    ids,
    es: Int32Array.from(ids, (_, i) => day * DAY + i * 60),
    ef: Int32Array.from(ids, (_, i) => day * DAY + i * 60 + 480),
    ls: new Int32Array(n),
    lf: new Int32Array(n),
    tf: Int32Array.from(ids, (id) => (critical.includes(id) ? 0 : 960)),
    ff: new Int32Array(n),
    critical: Uint8Array.from(ids, (id) => (critical.includes(id) ? 1 : 0)),
    percentComplete: new Float32Array(n),
    projectFinish: day * DAY + 2000,
  };
  return { key, name, rows, relations, dates };
}

/** The merged grid in the store as load.ts puts it: one document, the merged dates. */
function loadGrid(aDay: number, bDay: number): void {
  const merged = mergeParts([part('A', 'Earthworks', aDay, ['T2']), part('B', 'Fit-out', bDay)]);
  loadVersion(version(), [...merged.rows.values()], [...merged.relations.values()]);
  setDates(merged.dates);
}

function setDates(d: ReturnType<typeof mergeParts>['dates']): void {
  workbench.set({ schedule: snapshotOf(d, workbench.get().dataRevision, 0) });
}

describe("the project grid's filter in a worker", () => {
  let stop: () => void = () => undefined;
  let calls: { open: number; patch: number; dates: number };
  let replies: (FilterReply | null)[];
  beforeEach(() => {
    stop();
    useWorkbench.setState(initialState(), true);
    loadGrid(9501, 9510);
    const host = inProcessFilterHost();
    calls = { open: 0, patch: 0, dates: 0 };
    replies = [];
    const spy: FilterHostService = {
      ...host,
      open: (doc) => (calls.open++, host.open(doc)),
      patch: (p) => (calls.patch++, host.patch(p)),
      setSchedule: (s) => (calls.dates++, host.setSchedule(s)),
      filter: async (req) => {
        const r = await host.filter(req);
        replies.push(r);
        return r;
      },
    };
    const offHost = provideHostFilter(spy);
    const offFollow = followFilter();
    stop = () => {
      offHost();
      offFollow();
    };
  });
  afterEach(() => stop());

  /** Applies `f`; the host answered it, with the rows the main thread's evaluation shows. */
  async function expectHostAnswer(f: ActiveFilter): Promise<Set<string>> {
    const before = replies.length;
    setFilter(f);
    await settle();
    expect(replies.length).toBe(before + 1);
    expect(replies.at(-1)).not.toBeNull();
    const s = workbench.get();
    const shown = new Set(s.filterShown);
    expect(shown).toEqual(filterShownRowsByIds(s, f, () => 8));
    return shown;
  }

  it('answers filters on stored values, dates and indicators over both schedules', async () => {
    const named = await expectHostAnswer(active('{"field":"name","op":"like","value":"task 2"}'));
    // Both schedules' second task (B's id suffixed), with their summaries.
    expect([...named].filter((id) => id.startsWith('T2'))).toHaveLength(2);
    const late = await expectHostAnswer(active('{"field":"start","op":"gte","value":"2026-01-14"}'));
    expect([...late].some((id) => id === 'schedule:B')).toBe(true);
    expect(late.has('schedule:A')).toBe(false);
    const critical = await expectHostAnswer(active(null, 'critical'));
    expect([...critical].filter((id) => id.startsWith('T'))).toEqual(['T2']);
    expect(calls.open).toBe(1);
    expect(calls.dates).toBe(1);
  });

  it('takes an edit as its patches and new dates as new dates', async () => {
    await expectHostAnswer(active('{"field":"name","op":"like","value":"pour"}'));
    applyRemote([{ op: 'replace', path: ['rows', 'T3', 'name'], value: 'Pour slab' }]);
    const poured = await expectHostAnswer(active('{"field":"name","op":"like","value":"pour"}'));
    expect(poured.has('T3')).toBe(true);
    expect(calls).toEqual({ open: 1, patch: 1, dates: 1 });
    // A's rows recalculated later: the date filter reads the new dates.
    const merged = mergeParts([part('A', 'Earthworks', 9512, ['T2']), part('B', 'Fit-out', 9510)]);
    setDates(merged.dates);
    const late = await expectHostAnswer(active('{"field":"start","op":"gte","value":"2026-01-14"}'));
    expect(late.has('schedule:A')).toBe(true);
    expect(calls.dates).toBe(2);
  });

  it('sends a loaded document again, and a date filter asked before its dates runs again', async () => {
    await expectHostAnswer(active('{"field":"name","op":"like","value":"task"}'));
    const merged = mergeParts([part('A', 'Earthworks', 9501, ['T2']), part('B', 'Fit-out', 9512)]);
    loadVersion(version(), [...merged.rows.values()], [...merged.relations.values()]);
    // The new rows' dates are not in the store yet: the filter is answered, and waits for them.
    const f = active('{"field":"start","op":"gte","value":"2026-01-16"}');
    setFilter(f);
    await settle();
    expect(calls.open).toBe(2);
    expect(workbench.get().filterWaitsForSchedule).toBe(true);
    const asked = replies.length;
    setDates(merged.dates);
    await settle();
    expect(replies.length).toBe(asked + 1);
    const s = workbench.get();
    expect(new Set(s.filterShown)).toEqual(filterShownRowsByIds(s, f, () => 8));
    expect(s.filterShown!.has('schedule:B')).toBe(true);
  });
});
