import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FILTER_OPERATORS,
  emptyCondition,
  isComplete,
  operandKind,
  operatorsFor,
  parseFilter,
  toDraft,
  toExpr,
  type DraftCondition,
  type DraftGroup,
  type FieldKind,
  type FilterOperator,
} from '../../../src/domain/filter';

const kinds: Record<string, FieldKind> = { name: 'text', volume: 'number', start: 'date', color: 'color' };
const kindOf = (f: string) => kinds[f] ?? 'text';
const cond = (over: Partial<DraftCondition>): DraftCondition => ({ ...emptyCondition('name'), ...over });

describe('filter builder', () => {
  it('offers all 20 operators for every kind, the fitting ones first', () => {
    for (const k of ['text', 'number', 'date', 'color'] as const) {
      expect(new Set(operatorsFor(k))).toEqual(new Set(FILTER_OPERATORS));
      expect(operatorsFor(k)).toHaveLength(20);
    }
    expect(operatorsFor('color')[0]).toBe('colors');
    expect(operatorsFor('number')[0]).toBe('eq');
  });

  it('builds typed operands and drops incomplete rows', () => {
    const g: DraftGroup = {
      match: 'any',
      items: [
        cond({ field: 'volume', op: 'gt', text: '2,5' }),
        cond({ field: 'name', op: 'like', text: '' }),
        cond({ field: 'volume', op: 'range', from: '', to: '10' }),
        cond({ field: 'name', op: 'filter_by_list', list: 'A, B,,' }),
        cond({ field: 'name', op: 'exists' }),
        { match: 'all', items: [] },
      ],
    };
    expect(toExpr(g, kindOf)).toEqual({
      match: 'any',
      conditions: [
        { field: 'volume', op: 'gt', value: 2.5 },
        { field: 'volume', op: 'range', from: null, to: 10 },
        { field: 'name', op: 'filter_by_list', values: ['A', 'B'] },
        { field: 'name', op: 'exists' },
      ],
    });
    expect(toExpr({ match: 'all', items: [cond({ text: 'x' })] }, kindOf)).toEqual({
      field: 'name',
      op: 'eq_text',
      value: 'x',
    });
    expect(toExpr({ match: 'all', items: [cond({})] }, kindOf)).toBeNull();
    expect(isComplete(cond({ field: '' }))).toBe(false);
  });

  const draft: fc.Arbitrary<DraftCondition> = fc.record({
    field: fc.constantFrom('name', 'volume', 'start', 'color', 'attr:zone'),
    op: fc.constantFrom(...FILTER_OPERATORS) as fc.Arbitrary<FilterOperator>,
    text: fc.string({ maxLength: 6 }),
    list: fc
      .array(
        fc.string({ maxLength: 4 }).filter((s) => !s.includes(',')),
        { maxLength: 3 },
      )
      .map((a) => a.join(',')),
    from: fc.oneof(fc.constant(''), fc.integer({ min: -5, max: 5 }).map(String)),
    to: fc.oneof(fc.constant(''), fc.integer({ min: -5, max: 5 }).map(String)),
  });
  const group: fc.Arbitrary<DraftGroup> = fc.record({
    match: fc.constantFrom('all', 'any') as fc.Arbitrary<'all' | 'any'>,
    items: fc.array(
      fc.oneof(
        draft,
        fc.record({
          match: fc.constantFrom('all', 'any') as fc.Arbitrary<'all' | 'any'>,
          items: fc.array(draft, { maxLength: 3 }),
        }),
      ),
      { maxLength: 4 },
    ),
  });

  it('always builds what the address parameter parses, and reads it back to the same expression', () => {
    fc.assert(
      fc.property(group, (g) => {
        const e = toExpr(g, kindOf);
        if (e === null) return;
        const parsed = parseFilter(JSON.stringify(e));
        expect(parsed.ok).toBe(true);
        expect(toExpr(toDraft(e), kindOf)).toEqual(e);
      }),
    );
  });

  it('names an operand kind for every operator', () => {
    for (const op of FILTER_OPERATORS)
      expect(['none', 'value', 'values', 'range']).toContain(operandKind(op));
  });
});
