import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluate,
  exprKind,
  formulaKinds,
  isEvalError,
  type Expr,
  type FormulaKind,
  type FormulaValue,
  type TypedAttribute,
} from '../../../src/domain/formula';
import { exprTrees } from './trees';

const attrs = (...more: TypedAttribute[]): TypedAttribute[] => [
  { key: 'udf:1', name: 'Unit cost', type: 'number' },
  { key: 'udf:2', name: 'Due', type: 'date' },
  { key: 'udf:3', name: 'Zone', type: 'list' },
  { key: 'udf:4', name: 'Imported' },
  ...more,
];
const f = (key: string, formula: string): TypedAttribute => ({ key, name: key, type: 'formula', formula });

describe('formula kinds', () => {
  it.each<[string, FormulaKind]>([
    ['volume * [Unit cost]', 'number'],
    ['price', 'number'],
    ['ROUND(duration / 5, 1)', 'number'],
    ['LEN(name)', 'number'],
    ['IF(volume > 1, price)', 'number'],
    ['COALESCE(price, volume, 0)', 'number'],
    ['UPPER(name)', 'text'],
    ['[Zone] & "-1"', 'text'],
    ['code', 'text'],
    ['volume > 1', 'boolean'],
    ['ISBLANK(price)', 'boolean'],
    ['[Due] + 7', 'date'],
    ['[Due] - 1440', 'date'],
    ['MAX([Due], [Due] + 10)', 'date'],
    ['[Due] - [Due]', 'number'],
    ['MAX([Due], 3)', 'number'],
    ['IF(volume > 1, 1, "many")', 'mixed'],
    ['[Imported]', 'mixed'],
    ['[nothing] * 2', 'mixed'],
    ['1 +', 'mixed'],
  ])('%s is %s', (formula, kind) => {
    expect(formulaKinds(attrs(f('k', formula))).get('k')).toBe(kind);
  });

  it('reads formulas over formulas; formulas on a cycle are mixed', () => {
    const kinds = formulaKinds(
      attrs(f('a', 'price * 2'), f('b', '[a] + 1'), f('c', '[b] & "x"'), f('x', '[y] + 1'), f('y', '[x]')),
    );
    expect(kinds.get('a')).toBe('number');
    expect(kinds.get('b')).toBe('number');
    expect(kinds.get('c')).toBe('text');
    // The worker evaluates neither (#CYCLE!): no value to sum.
    expect(kinds.get('y')).toBe('mixed');
    expect(kinds.get('x')).toBe('mixed');
  });
});

// Random trees over references of known kinds and every function with its arity.
const REFS: Record<string, FormulaKind> = { n: 'number', t: 'text', d: 'date' };
const leaf: fc.Arbitrary<Expr> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map((value) => ({ kind: 'number', value }) as Expr),
  fc.constantFrom('', 'x', '12', '3,5').map((value) => ({ kind: 'string', value }) as Expr),
  fc.boolean().map((value) => ({ kind: 'boolean', value }) as Expr),
  fc.constantFrom('n', 't', 'd').map((name) => ({ kind: 'ref', name }) as Expr),
);
const ARITY: Record<string, [number, number]> = {
  IF: [2, 3],
  AND: [1, 3],
  OR: [1, 3],
  NOT: [1, 1],
  SUM: [1, 3],
  MIN: [1, 3],
  MAX: [1, 3],
  ABS: [1, 1],
  ROUND: [1, 2],
  LEN: [1, 1],
  UPPER: [1, 1],
  LOWER: [1, 1],
  CONCAT: [1, 3],
  ISBLANK: [1, 1],
  COALESCE: [1, 3],
};
const tree = exprTrees(leaf, (t) =>
  fc
    .constantFrom(...Object.keys(ARITY))
    .chain((fn) =>
      fc
        .array(t, { minLength: ARITY[fn]![0], maxLength: ARITY[fn]![1] })
        .map((args) => ({ kind: 'call', fn, args }) as Expr),
    ),
);
const values = fc.record({
  n: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })),
  t: fc.option(fc.constantFrom('', 'wall', '7', 'A-1')),
  d: fc.option(fc.integer({ min: 0, max: 20_000_000 })),
});

describe('formula kinds: property', () => {
  it('a number or date formula gives a number, a text formula text, a truth one a truth value', () => {
    let numbers = 0;
    fc.assert(
      fc.property(tree, values, (e, row) => {
        const kind = exprKind(e, (name) => REFS[name] ?? 'mixed');
        const v = evaluate(e, (name) => (row as Record<string, FormulaValue>)[name] ?? null);
        if (isEvalError(v) || v === null || kind === 'mixed' || kind === 'blank') return;
        if (kind === 'number') numbers++;
        const want = kind === 'number' || kind === 'date' ? 'number' : kind === 'text' ? 'string' : 'boolean';
        expect(typeof v, `${kind}: ${JSON.stringify(e)}`).toBe(want);
      }),
      { numRuns: 500 },
    );
    // The property is about something: many trees give numbers.
    expect(numbers).toBeGreaterThan(50);
  });
});
