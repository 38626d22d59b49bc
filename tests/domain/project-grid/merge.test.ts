import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeParts, summaryIdOf, targetDatesOf } from '../../../src/domain/project-grid/merge';
import type { GridPart, PartDates } from '../../../src/domain/project-grid/merge';
import type { WbsRelation, WbsRow } from '../../../src/domain/wbs/types';
import { wbsState } from '../../../src/domain/wbs/change';
import { flattenVisible } from '../../../src/domain/wbs/view';

const row = (id: string, parentId: string | null, orderKey: string, extra: Partial<WbsRow> = {}): WbsRow => ({
  id,
  parentId,
  orderKey,
  nodeType: 'task',
  name: id,
  code: id.toUpperCase(),
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
  ...extra,
});

const datesOf = (ids: string[], start: number): PartDates => ({
  ids,
  es: Int32Array.from(ids.map((_, i) => start + i * 100)),
  ef: Int32Array.from(ids.map((_, i) => start + i * 100 + 50)),
  ls: Int32Array.from(ids.map((_, i) => start + i * 100 + 10)),
  lf: Int32Array.from(ids.map((_, i) => start + i * 100 + 60)),
  tf: Int32Array.from(ids.map((_, i) => 10 + i)),
  ff: Int32Array.from(ids.map(() => 0)),
  critical: Uint8Array.from(ids.map(() => 0)),
  percentComplete: Float32Array.from(ids.map(() => 50)),
  projectFinish: start + ids.length * 100,
});

describe('mergeParts', () => {
  it('puts each schedule under a summary row of its own, with its own dates', () => {
    const a: GridPart = {
      key: 'A',
      name: 'Earthworks',
      rows: [row('s1', null, 'a0', { nodeType: 'sum' }), row('t1', 's1', 'a0'), row('t2', 's1', 'a1')],
      relations: [{ id: 'r1', predId: 't1', succId: 't2', type: 'fs', lag: 0 }],
      dates: datesOf(['s1', 't1', 't2'], 1000),
    };
    const b: GridPart = {
      key: 'B',
      name: 'Fit-out',
      rows: [row('u1', null, 'a0')],
      relations: [],
      dates: datesOf(['u1'], 5000),
    };
    const m = mergeParts([a, b]);
    const { index } = wbsState({ rows: m.rows, relations: m.relations });
    const all = new Set(m.rows.keys());
    const view = flattenVisible(index, all);
    expect(view.ids).toEqual([summaryIdOf('A'), 's1', 't1', 't2', summaryIdOf('B'), 'u1']);
    expect(m.rows.get('s1')!.parentId).toBe(summaryIdOf('A'));
    expect(m.origin.get('u1')).toEqual({ part: 1, id: 'u1' });
    expect(m.origin.get(summaryIdOf('B'))).toEqual({ part: 1, id: null });
    const at = (id: string) => m.dates.ids.indexOf(id);
    expect(m.dates.es[at('t2')]).toBe(1200);
    // The summary spans its schedule's dates; percent weighs the activities.
    expect(m.dates.es[at(summaryIdOf('A'))]).toBe(1000);
    expect(m.dates.ef[at(summaryIdOf('A'))]).toBe(1250);
    expect(m.dates.tf[at(summaryIdOf('A'))]).toBe(11);
    expect(m.dates.percentComplete[at(summaryIdOf('A'))]).toBeCloseTo(50);
    expect(m.dates.es[at(summaryIdOf('B'))]).toBe(5000);
    expect(m.dates.projectFinish).toBe(5100);
    expect([...m.relations.values()]).toEqual([a.relations[0]]);
  });

  it('renames ids met again and keeps the way back to them', () => {
    const part = (key: string): GridPart => ({
      key,
      name: key,
      rows: [row('x', null, 'a0', { nodeType: 'sum' }), row('y', 'x', 'a0'), row('z', 'x', 'a1')],
      relations: [{ id: 'r', predId: 'y', succId: 'z', type: 'fs', lag: 0 }],
      dates: null,
    });
    const m = mergeParts([part('A'), part('B')]);
    expect(m.rows.size).toBe(8);
    const yB = m.gridIds[1]!.get('y')!;
    expect(yB).not.toBe('y');
    expect(m.origin.get(yB)).toEqual({ part: 1, id: 'y' });
    expect(m.rows.get(yB)!.parentId).toBe(m.gridIds[1]!.get('x'));
    const rels = [...m.relations.values()];
    expect(rels).toHaveLength(2);
    expect(rels[1]!.predId).toBe(yB);
    // Not scheduled: no dates, not even for the summaries.
    expect(m.dates.ids).toEqual([]);
  });

  it('keeps every row once, under its own schedule (property)', () => {
    const partArb = fc
      .array(fc.integer({ min: 0, max: 5 }), { maxLength: 12 })
      .map((parents) => parents.map((p, i) => ({ i, p: p < i ? p : -1 })));
    fc.assert(
      fc.property(fc.array(partArb, { minLength: 1, maxLength: 4 }), fc.boolean(), (shapes, shared) => {
        const parts: GridPart[] = shapes.map((shape, k) => {
          const id = (i: number) => (shared ? `r${i}` : `p${k}r${i}`);
          const rows = shape.map(({ i, p }) =>
            row(id(i), p < 0 ? null : id(p), `a${i}`, {
              nodeType: shape.some((s) => s.p === i) ? 'sum' : 'task',
            }),
          );
          const relations: WbsRelation[] =
            shape.length > 1
              ? [{ id: `L${shared ? '' : k}`, predId: id(0), succId: id(1), type: 'fs', lag: 0 }]
              : [];
          return {
            key: `S${k}`,
            name: `S${k}`,
            rows,
            relations,
            dates: datesOf(
              rows.map((r) => r.id),
              k * 1000,
            ),
          };
        });
        const m = mergeParts(parts);
        const total = parts.reduce((n, p) => n + p.rows.length + 1, 0);
        expect(m.rows.size).toBe(total);
        const { index } = wbsState({ rows: m.rows, relations: m.relations });
        expect(flattenVisible(index, new Set(m.rows.keys())).ids).toHaveLength(total);
        // Each row's chain of parents ends at its own schedule's summary.
        for (const [id, o] of m.origin) {
          let at = m.rows.get(id)!;
          while (at.parentId !== null) at = m.rows.get(at.parentId)!;
          expect(at.id).toBe(m.summaryIds[o.part]);
        }
        for (const rel of m.relations.values())
          expect(m.origin.get(rel.predId)!.part).toBe(m.origin.get(rel.succId)!.part);
        expect(new Set(m.dates.ids).size).toBe(m.dates.ids.length);
      }),
    );
  });
});

describe('targetDatesOf', () => {
  it('matches by code, else by id', () => {
    const current = [row('a', null, 'a0', { code: 'C1' }), row('b', null, 'a1', { code: null })];
    const target = [row('ta', null, 'a0', { code: 'C1' }), row('b', null, 'a1', { code: null })];
    const into = new Map<string, readonly [number, number]>();
    targetDatesOf(
      current,
      new Map([
        ['a', 'a'],
        ['b', 'b~1'],
      ]),
      target,
      datesOf(['ta', 'b'], 0),
      into,
    );
    expect(into.get('a')).toEqual([0, 50]);
    expect(into.get('b~1')).toEqual([100, 150]);
  });
});
