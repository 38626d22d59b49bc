// Evaluating a syntax tree against one row. Blank (null) reads as 0 in arithmetic and '' in text,
// as in a spreadsheet; text that is not a number in arithmetic gives #VALUE! (not_a_number); a
// division by zero gives #DIV/0! (div_zero). An error in an argument is the call's result.

import {
  isEvalError,
  type BinaryOp,
  type EvalError,
  type EvalResult,
  type Expr,
  type FormulaValue,
} from './ast';
import { asText, truthy } from './functions';

/** The value a reference reads in the current row (undefined: blank). */
export type Resolve = (name: string) => FormulaValue | EvalError | undefined;

class Raised {
  constructor(readonly error: EvalError) {}
}

const raise = (error: EvalError['error']): never => {
  throw new Raised({ error });
};

function num(v: FormulaValue): number {
  if (v === null) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const s = v.trim().replace(',', '.');
  const n = s === '' ? 0 : Number(s);
  return Number.isFinite(n) ? n : raise('not_a_number');
}

function compare(a: FormulaValue, b: FormulaValue): number {
  if (typeof a === 'number' || typeof b === 'number') {
    if ((typeof a === 'number' || a === null) && (typeof b === 'number' || b === null))
      return (a ?? 0) - (b ?? 0);
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = asText(a).toLowerCase();
  const y = asText(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

const finite = (n: number): number => (Number.isFinite(n) ? n : raise('not_a_number'));

function binary(op: BinaryOp, a: FormulaValue, b: FormulaValue): FormulaValue {
  switch (op) {
    case '+':
      return finite(num(a) + num(b));
    case '-':
      return finite(num(a) - num(b));
    case '*':
      return finite(num(a) * num(b));
    case '/': {
      const d = num(b);
      return d === 0 ? raise('div_zero') : finite(num(a) / d);
    }
    case '^':
      return finite(num(a) ** num(b));
    case '&':
      return asText(a) + asText(b);
    case '=':
      return compare(a, b) === 0;
    case '<>':
      return compare(a, b) !== 0;
    case '<':
      return compare(a, b) < 0;
    case '<=':
      return compare(a, b) <= 0;
    case '>':
      return compare(a, b) > 0;
    case '>=':
      return compare(a, b) >= 0;
  }
}

function run(e: Expr, resolve: Resolve): FormulaValue {
  switch (e.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return e.value;
    case 'ref': {
      const v = resolve(e.name);
      if (v === undefined) return null;
      if (isEvalError(v)) throw new Raised(v);
      return v;
    }
    case 'neg':
      return -num(run(e.arg, resolve));
    case 'binary':
      return binary(e.op, run(e.left, resolve), run(e.right, resolve));
    case 'call':
      return call(e, resolve);
  }
}

function call(e: Extract<Expr, { kind: 'call' }>, resolve: Resolve): FormulaValue {
  if (e.fn === 'IF') {
    if (truthy(run(e.args[0]!, resolve))) return run(e.args[1]!, resolve);
    return e.args[2] ? run(e.args[2], resolve) : null;
  }
  const args = e.args.map((a) => run(a, resolve));
  switch (e.fn) {
    case 'AND':
      return args.every(truthy);
    case 'OR':
      return args.some(truthy);
    case 'NOT':
      return !truthy(args[0]!);
    case 'SUM':
      return finite(args.reduce<number>((s, v) => s + num(v), 0));
    case 'MIN':
      return Math.min(...args.map(num));
    case 'MAX':
      return Math.max(...args.map(num));
    case 'ABS':
      return Math.abs(num(args[0]!));
    case 'ROUND': {
      const digits = Math.trunc(args[1] === undefined ? 0 : num(args[1]));
      const f = 10 ** Math.max(-15, Math.min(15, digits));
      const x = num(args[0]!);
      return finite((Math.sign(x) * Math.round(Math.abs(x) * f)) / f);
    }
    case 'LEN':
      return asText(args[0]!).length;
    case 'UPPER':
      return asText(args[0]!).toUpperCase();
    case 'LOWER':
      return asText(args[0]!).toLowerCase();
    case 'CONCAT':
      return args.map(asText).join('');
    case 'ISBLANK':
      return args[0] === null || args[0] === '';
    case 'COALESCE':
      return args.find((v) => v !== null && v !== '') ?? null;
    default:
      // parseFormula admits only FUNCTIONS; a hand-built tree with another name is a bug.
      throw new Error(`unknown function ${e.fn}`);
  }
}

export function evaluate(e: Expr, resolve: Resolve): EvalResult {
  try {
    return run(e, resolve);
  } catch (x) {
    if (x instanceof Raised) return x.error;
    throw x;
  }
}
