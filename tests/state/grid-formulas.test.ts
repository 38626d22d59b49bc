// The project grid's calculated attributes (workers/grid-formulas.ts in the filter host, here
// in-process; use-grid-formulas.ts's followFormulas on the main thread): two schedules merged as
// the project grid loads them, each with its own version's formula under the same key, each
// row computed with its own schedule's formula (none for the summary rows), an edit recomputing
// only the row it touched, the values in the store where the cells and the group headers (summed
// across both schedules) read them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeParts, type GridPart, type MergedGrid } from '../../src/domain/project-grid/merge';
import { newRow, type WbsRow } from '../../src/domain/wbs';
import { followFormulas } from '../../src/modules/schedule/use-formulas';
import { textContext } from '../../src/state/workbench/commands-edit';
import { setAttributeColumnTypes } from '../../src/state/workbench/columns';
import { applyRemote, loadVersion } from '../../src/state/workbench/data';
import { groupValuesOf } from '../../src/state/workbench/group-values';
import { hostDoc } from '../../src/state/workbench/host-filter';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { GridFormulas, type FormulaPart } from '../../src/workers/grid-formulas';
import { inProcessFilterHost } from '../../src/workers/schedule-client';
import { chain, version } from './fixtures';

provideServices({ newId: () => 'new', hoursPerDay: () => 8 });

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A schedule: the fixture chain (S, T1…T3), the tasks' volumes 1, 2, 3 and a Zone. */
function part(key: string, name: string): GridPart {
  const { rows, relations } = chain(3);
  return {
    key,
    name,
    rows: rows.map((r, i) => ({ ...r, volume: r.nodeType === 'sum' ? null : i, attributes: { zone: 'N' } })),
    relations,
    dates: null,
  };
}

/** A: cost = volume × 2; B: cost = [Zone] & volume × 10 under its own label for the zone. */
function formulaParts(m: MergedGrid): FormulaPart[] {
  return [
    {
      root: m.summaryIds[0]!,
      sources: [{ key: 'cost', formula: 'volume * 2' }],
      attributes: [{ key: 'cost', name: 'Cost' }],
    },
    {
      root: m.summaryIds[1]!,
      sources: [{ key: 'cost', formula: 'volume * 10 + LEN([Area])' }],
      attributes: [
        { key: 'cost', name: 'Cost' },
        { key: 'zone', name: 'Area' },
      ],
    },
  ];
}

const merged = () => mergeParts([part('A', 'Earthworks'), part('B', 'Fit-out')]);
const idOf = (m: MergedGrid, k: number, own: string) => m.gridIds[k]!.get(own)!;

describe('GridFormulas', () => {
  it("computes each schedule's rows with its own formulas, the summary rows with none", () => {
    const m = merged();
    const f = new GridFormulas();
    f.set(formulaParts(m), [{ id: 'c', hoursPerDay: 8, isDefault: true }]);
    const d = f.changes(m.rows)!;
    expect(d.full).toBe(true);
    const values = new Map(d.values);
    expect(values.get(idOf(m, 0, 'T2'))).toEqual({ cost: 4 });
    expect(values.get(idOf(m, 1, 'T2'))).toEqual({ cost: 21 });
    // B's ids were taken by A: the merged grid suffixed them, still computed as B's.
    expect(idOf(m, 1, 'T2')).not.toBe('T2');
    for (const s of m.summaryIds) expect(values.has(s)).toBe(false);
    expect(values.size).toBe(m.rows.size - 2);
    // Nothing changed: nothing to send.
    expect(f.changes(m.rows)).toBeNull();
  });

  it('recomputes only the rows a change touched, a new row under its own schedule', () => {
    const m = merged();
    const rows = new Map(m.rows);
    const f = new GridFormulas();
    f.set(formulaParts(m), []);
    f.changes(rows);
    const b3 = idOf(m, 1, 'T3');
    rows.set(b3, { ...rows.get(b3)!, volume: 7 });
    const added: WbsRow = newRow('N', 'task', idOf(m, 1, 'S'), 'z', { volume: 1 });
    rows.set('N', added);
    f.touch([
      { op: 'replace', path: ['rows', b3, 'volume'], value: 7 },
      { op: 'add', path: ['rows', 'N'], value: added },
    ]);
    const d = f.changes(rows)!;
    expect(d.full).toBe(false);
    expect(new Map(d.values)).toEqual(
      new Map([
        [b3, { cost: 71 }],
        ['N', { cost: 10 }],
      ]),
    );
    expect(f.valueOf(rows, b3, 'cost')).toBe(71);
    expect(f.valueOf(rows, idOf(m, 0, 'T3'), 'cost')).toBe(6);
    expect(f.valueOf(rows, m.summaryIds[0]!, 'cost')).toBeUndefined();
  });
});

describe("the project grid's calculated values in the store", () => {
  let stop: () => void = () => undefined;
  let m: MergedGrid;
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    m = merged();
    loadVersion(version(), [...m.rows.values()], [...m.relations.values()]);
  });
  afterEach(() => stop());

  it('brings both schedules’ values into the store; an edit recomputes its row; headers sum them', async () => {
    const service = inProcessFilterHost();
    const doc = hostDoc(service);
    const off = followFormulas(
      service,
      async () => {
        doc.sync();
        await service.setFormulas(formulaParts(m), []);
        return true;
      },
      () => doc.sync(),
    );
    stop = () => {
      off();
      doc.stop();
    };
    await expect.poll(() => workbench.get().formulaValues.size).toBe(m.rows.size - 2);
    const a2 = idOf(m, 0, 'T2');
    const b2 = idOf(m, 1, 'T2');
    expect(workbench.get().formulaValues.get(a2)).toEqual({ cost: 4 });
    expect(workbench.get().formulaValues.get(b2)).toEqual({ cost: 21 });

    // An edit of B's volume (as a cell edit's patch): its formula again, A's rows untouched.
    const before = workbench.get().formulaValues.get(a2);
    applyRemote([{ op: 'replace', path: ['rows', b2, 'volume'], value: 5 }]);
    await settle();
    await expect.poll(() => workbench.get().formulaValues.get(b2)).toEqual({ cost: 51 });
    expect(workbench.get().formulaValues.get(a2)).toBe(before);

    // A group of one row of each schedule sums the computed values (the schedule page's headers).
    setAttributeColumnTypes([{ key: 'cost', label: 'Cost', type: 'formula', formula: 'volume * 2' }]);
    const s = workbench.get();
    const v = groupValuesOf({
      groups: new Map([['g', { value: 'N', rows: [a2, b2] }]]),
      rows: s.wbs.doc.rows,
      schedule: null,
      ctx: textContext(s),
      columns: ['attr:cost'],
    });
    expect(v.get('g')!.get('attr:cost')).toBe(55);
  });
});
