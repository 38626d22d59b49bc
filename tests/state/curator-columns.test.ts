// The curator's accepted dates as workbench grid columns: the cells' text, the filter and the
// layout's sort reading them as Start and Finish are read, a filter or sort applied before the
// dates arrive applied again when they do, and when the page asks for them at all.
import { beforeEach, describe, expect, it } from 'vitest';
import { filterFields } from '../../src/modules/attributes/filter-fields';
import { followArrangement } from '../../src/state/workbench/arrange';
import { cellText } from '../../src/state/workbench/cell-text';
import { COLUMN_DEFS, DEFAULT_COLUMNS } from '../../src/state/workbench/columns';
import { textContext } from '../../src/state/workbench/commands-edit';
import { acceptedDatesOf, needsCuratorDates } from '../../src/state/workbench/curator-dates';
import { loadVersion, rearrange, rowAt, setArrangement } from '../../src/state/workbench/data';
import { parseFilterParams } from '../../src/state/workbench/filter';
import { followFilter, setFilter } from '../../src/state/workbench/filter-view';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { chain, version } from './fixtures';

provideServices({ newId: () => 'new', hoursPerDay: () => 8 });

/** Minutes since 2000-01-01 of a day (UTC). */
const day = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(2000, 0, 1)) / 60_000;
const ids = () => workbench.get().visible.ids;
const answer = [
  // T1 accepted 2026-03-02 … 2026-03-06 (the finish at the end of the 6th: midnight of the 7th).
  { wbs_id: 'T1', accepted_start: day('2026-03-02') + 480, accepted_finish: day('2026-03-07') },
  { wbs_id: 'T2', accepted_start: day('2026-02-02') + 480, accepted_finish: day('2026-02-03') + 1020 },
  { wbs_id: 'T3', accepted_start: null, accepted_finish: null },
  { wbs_id: 'T4', accepted_start: day('2026-04-01') + 480, accepted_finish: day('2026-04-01') + 1020 },
];

describe('accepted curator dates in the workbench grid', () => {
  let stops: (() => void)[] = [];
  beforeEach(() => {
    for (const s of stops) s();
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(4);
    loadVersion(version(), rows, relations);
    stops = [followArrangement(rearrange), followFilter()];
  });

  it('are two hidden, read-only date columns the filter offers as dates', () => {
    for (const id of ['accepted_start', 'accepted_finish']) {
      expect(COLUMN_DEFS[id]!.domain.kind).toBe('readonly');
      expect(DEFAULT_COLUMNS.find((c) => c.id === id)?.visible).toBe(false);
    }
    const fields = filterFields(
      (id) => id,
      new Map(),
      (id) => id,
    );
    expect(fields.filter((f) => f.id.startsWith('accepted_')).map((f) => [f.id, f.kind])).toEqual([
      ['accepted_start', 'date'],
      ['accepted_finish', 'date'],
    ]);
  });

  it('show the accepted dates (a finish at midnight is the day before), blank where none', () => {
    expect(acceptedDatesOf(answer).has('T3')).toBe(false);
    workbench.set({ curatorDates: acceptedDatesOf(answer) });
    const text = (row: number, col: string) =>
      cellText(rowAt(workbench.get(), row)!, COLUMN_DEFS[col]!, textContext(), 'copy');
    expect([text(1, 'accepted_start'), text(1, 'accepted_finish')]).toEqual(['02.03.2026', '06.03.2026']);
    expect([text(3, 'accepted_start'), text(3, 'accepted_finish')]).toEqual(['', '']);
  });

  it('filter and sort like Start and Finish, applied again when the dates arrive', () => {
    const p = parseFilterParams('{"field":"accepted_finish","op":"gte","value":"2026-03-06"}', null);
    if (!p.ok) throw new Error('filter');
    setFilter(p.filter);
    expect(ids()).toEqual([]);
    workbench.set({ curatorDates: acceptedDatesOf(answer) });
    // T1 ends on the 6th (midnight of the 7th read as the 6th) and T4 in April; T2 ends in February.
    expect(ids()).toEqual(['S', 'T1', 'T4']);
    setFilter(null);
    setArrangement({ sort: [{ column: 'accepted_start', dir: 'desc' }], groupBy: null });
    expect(ids().slice(1, 3)).toEqual(['T4', 'T1']);
    workbench.set({
      curatorDates: new Map([['T2', { start: day('2026-05-01'), finish: day('2026-05-02') }]]),
    });
    expect(ids()[1]).toBe('T2');
  });

  it('are asked for only when a column shows them or the filter or sort reads them', () => {
    const s = workbench.get();
    expect(needsCuratorDates(s)).toBe(false);
    const columns = s.columns.map((c) => (c.id === 'accepted_finish' ? { ...c, visible: true } : c));
    expect(needsCuratorDates({ ...s, columns })).toBe(true);
    const p = parseFilterParams('{"field":"accepted_start","op":"gte","value":"2026-01-01"}', null);
    if (!p.ok) throw new Error('filter');
    expect(needsCuratorDates({ ...s, filter: p.filter })).toBe(true);
    expect(needsCuratorDates({ ...s, arrange: { sort: [], groupBy: 'accepted_start' } })).toBe(true);
    expect(
      needsCuratorDates({ ...s, arrange: { sort: [{ column: 'start', dir: 'asc' }], groupBy: null } }),
    ).toBe(false);
  });
});
