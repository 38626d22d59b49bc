import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileFormulas,
  evaluate,
  evaluateRow,
  isEvalError,
  parseFormula,
  printFormula,
  type Expr,
  type FormulaValue,
} from '../../../src/domain/formula';
import { exprTrees } from './trees';

const row: Record<string, FormulaValue> = {
  volume: 12,
  price: 2.5,
  name: 'Walls',
  'Unit cost': 4,
  blank: null,
};
const run = (src: string) => {
  const p = parseFormula(src);
  if (!p.ok) throw new Error(`${p.error.code} at ${p.error.at}`);
  return evaluate(p.expr, (n) => row[n]);
};

describe('formula evaluation', () => {
  it.each<[string, unknown]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', 4],
    ['volume * price', 30],
    ['[Unit cost] * 2', 8],
    ['blank + 1', 1],
    ['name & " / " & volume', 'Walls / 12'],
    ['IF(volume > 10, "big", "small")', 'big'],
    ['IF(volume < 10, 1)', null],
    ['if(true, 1, 1/0)', 1],
    ['ROUND(10 / 3, 2)', 3.33],
    ['ROUND(-2.5)', -3],
    ['MAX(1, volume, 3) - MIN(4, 5)', 8],
    ['SUM(1, 2, blank)', 3],
    ['AND(volume, NOT(blank))', true],
    ['OR(0, "")', false],
    ['LEN(UPPER(name))', 5],
    ['CONCAT(LOWER(name), 1)', 'walls1'],
    ['ISBLANK(blank)', true],
    ['COALESCE(blank, "", name)', 'Walls'],
    ['"a""b"', 'a"b'],
    ['"B" = "b"', true],
    ['3 <> 3', false],
    ['1.5e1 >= 15', true],
  ])('%s → %j', (src, want) => expect(run(src)).toEqual(want));

  it('gives #DIV/0! and #VALUE! as values, not exceptions', () => {
    expect(run('volume / (price - 2.5)')).toEqual({ error: 'div_zero' });
    expect(run('name * 2')).toEqual({ error: 'not_a_number' });
    expect(run('IF(name * 2 > 1, 1, 2)')).toEqual({ error: 'not_a_number' });
  });
});

describe('formula errors', () => {
  it.each<[string, string, number]>([
    ['', 'empty', 0],
    ['1 +', 'unexpected_end', 3],
    ['1 + * 2', 'unexpected_token', 4],
    ['(1 + 2', 'unexpected_end', 6],
    ['1 2', 'unexpected_token', 2],
    ['"abc', 'unclosed_string', 0],
    ['[Unit cost', 'unclosed_bracket', 0],
    ['FOO(1)', 'unknown_function', 0],
    ['ABS(1, 2)', 'wrong_arity', 0],
    ['IF(1)', 'wrong_arity', 0],
    ['1 $ 2', 'unexpected_token', 2],
  ])('%j → %s at %d', (src, code, at) => {
    const p = parseFormula(src);
    expect(p.ok).toBe(false);
    if (!p.ok) expect({ code: p.error.code, at: p.error.at }).toEqual({ code, at });
  });

  const names: Record<string, string> = {
    volume: 'volume',
    a: 'attr:a',
    b: 'attr:b',
    c: 'attr:c',
    Zone: 'attr:z',
  };
  const resolve = (n: string) => names[n] ?? null;

  it('names unknown references, self references and cycles; the rest still evaluate', () => {
    const set = compileFormulas(
      [
        { key: 'a', formula: '[b] + 1' },
        { key: 'b', formula: 'volume * 2' },
        { key: 'c', formula: 'nothing + 1' },
        { key: 'x', formula: '[x] + 1' },
        { key: 'p', formula: '[q]' },
        { key: 'q', formula: '[p]' },
      ],
      (n) => (n === 'x' ? 'attr:x' : n === 'p' ? 'attr:p' : n === 'q' ? 'attr:q' : resolve(n)),
    );
    expect(set.errors.get('c')).toMatchObject({ code: 'unknown_reference', detail: 'nothing' });
    expect(set.errors.get('x')).toMatchObject({ code: 'self_reference' });
    expect(set.errors.has('p') || set.errors.has('q')).toBe(true);
    expect(set.formulas.map((f) => f.key)).toEqual(['b', 'a']);
    const values = evaluateRow(set, (f) => (f === 'volume' ? 5 : null));
    expect(Object.fromEntries(values)).toEqual({ b: 10, a: 11 });
  });

  it('resolves attributes by name', () => {
    const set = compileFormulas([{ key: 'k', formula: '[Zone] & "-1"' }], resolve);
    expect(Object.fromEntries(evaluateRow(set, (f) => (f === 'attr:z' ? 'N' : null)))).toEqual({ k: 'N-1' });
  });
});

// Random syntax trees over the language's operators and functions.
const leaf: fc.Arbitrary<Expr> = fc.oneof(
  fc.integer({ min: 0, max: 1000 }).map((value) => ({ kind: 'number', value }) as Expr),
  fc.string({ maxLength: 6 }).map((value) => ({ kind: 'string', value }) as Expr),
  fc.boolean().map((value) => ({ kind: 'boolean', value }) as Expr),
  fc.constantFrom('volume', 'price', 'Unit cost', 'a').map((name) => ({ kind: 'ref', name }) as Expr),
);
const tree = exprTrees(leaf, (t) =>
  fc
    .tuple(fc.constantFrom('SUM', 'MAX', 'CONCAT', 'AND'), fc.array(t, { minLength: 1, maxLength: 3 }))
    .map(([fn, args]) => ({ kind: 'call', fn, args }) as Expr),
);

describe('formula properties', () => {
  it('printing a tree and parsing it gives the same tree', () => {
    fc.assert(
      fc.property(tree, (e) => {
        const p = parseFormula(printFormula(e));
        expect(p.ok && p.expr).toEqual(e);
      }),
    );
  });

  it('never throws on any text: a tree, or an error inside the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (src) => {
        const p = parseFormula(src);
        if (!p.ok) expect(p.error.at).toBeLessThanOrEqual(src.length);
      }),
    );
  });

  it('evaluation never throws and gives a value or an evaluation error', () => {
    fc.assert(
      fc.property(tree, fc.double({ noNaN: true }), (e, v) => {
        const r = evaluate(e, (n) => (n === 'volume' ? v : n === 'price' ? 'x' : null));
        expect(isEvalError(r) || r === null || ['number', 'string', 'boolean'].includes(typeof r)).toBe(true);
      }),
    );
  });

  it('integer arithmetic agrees with JavaScript', () => {
    const arith: fc.Arbitrary<[string, number]> = fc.letrec<{ t: [string, number] }>((tie) => ({
      t: fc.oneof(
        { depthSize: 'small' },
        fc.integer({ min: -50, max: 50 }).map((n) => [n < 0 ? `(${n})` : String(n), n] as [string, number]),
        fc
          .tuple(tie('t'), fc.constantFrom('+', '-', '*'), tie('t'))
          .map(([[a, x], op, [b, y]]): [string, number] => [
            `(${a} ${op} ${b})`,
            op === '+' ? x + y : op === '-' ? x - y : x * y,
          ]),
      ),
    })).t;
    fc.assert(
      fc.property(arith, ([src, want]) => {
        const p = parseFormula(src);
        const got = p.ok ? evaluate(p.expr, () => null) : null;
        expect(got === want).toBe(true);
      }),
    );
  });
});
