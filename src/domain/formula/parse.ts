// Formula text → syntax tree, by recursive descent. Precedence, lowest first:
//   comparison (= <> < <= > >=)  →  & (text join)  →  + -  →  * /  →  ^ (right-assoc.)  →  unary -
// Function names are case-insensitive and checked here (name and number of arguments), so a
// formula that parses cannot fail on a call; references are checked by `check` (compile.ts).

import type { BinaryOp, Expr, FormulaError } from './ast';
import { FUNCTIONS, isFunctionName } from './functions';

type Token =
  | { t: 'num'; v: number; at: number; len: number }
  | { t: 'str'; v: string; at: number; len: number }
  | { t: 'id'; v: string; at: number; len: number }
  | { t: 'ref'; v: string; at: number; len: number }
  | { t: 'op'; v: string; at: number; len: number }
  | { t: 'end'; at: number; len: 0 };

export type ParseResult = { ok: true; expr: Expr } | { ok: false; error: FormulaError };

class Fail extends Error {
  constructor(readonly error: FormulaError) {
    super(error.code);
  }
}

const OPS = ['<>', '<=', '>=', '+', '-', '*', '/', '^', '&', '=', '<', '>', '(', ')', ','];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/u.test(c)) {
      i++;
      continue;
    }
    const num = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/u.exec(src.slice(i));
    if (num) {
      out.push({ t: 'num', v: Number(num[0]), at: i, len: num[0].length });
      i += num[0].length;
      continue;
    }
    if (c === '"') {
      // "" inside a string is one quote, as in a spreadsheet.
      let j = i + 1;
      let v = '';
      for (;;) {
        if (j >= src.length) throw new Fail({ code: 'unclosed_string', at: i, detail: src.slice(i) });
        if (src[j] === '"') {
          if (src[j + 1] === '"') {
            v += '"';
            j += 2;
            continue;
          }
          break;
        }
        v += src[j++];
      }
      out.push({ t: 'str', v, at: i, len: j + 1 - i });
      i = j + 1;
      continue;
    }
    if (c === '[') {
      const close = src.indexOf(']', i + 1);
      if (close < 0) throw new Fail({ code: 'unclosed_bracket', at: i, detail: src.slice(i) });
      const name = src.slice(i + 1, close).trim();
      if (name === '') throw new Fail({ code: 'unexpected_token', at: i, detail: '[]' });
      out.push({ t: 'ref', v: name, at: i, len: close + 1 - i });
      i = close + 1;
      continue;
    }
    const id = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(src.slice(i));
    if (id) {
      out.push({ t: 'id', v: id[0], at: i, len: id[0].length });
      i += id[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new Fail({ code: 'unexpected_token', at: i, detail: c });
    out.push({ t: 'op', v: op, at: i, len: op.length });
    i += op.length;
  }
  out.push({ t: 'end', at: src.length, len: 0 });
  return out;
}

const LEVELS: readonly (readonly BinaryOp[])[] = [
  ['=', '<>', '<', '<=', '>', '>='],
  ['&'],
  ['+', '-'],
  ['*', '/'],
];

export function parseFormula(src: string): ParseResult {
  if (src.trim() === '') return { ok: false, error: { code: 'empty', at: 0, detail: '' } };
  try {
    const tokens = tokenize(src);
    let p = 0;
    const peek = () => tokens[p]!;
    const isOp = (v: string) => {
      const t = peek();
      return t.t === 'op' && t.v === v;
    };
    const unexpected = (): never => {
      const t = peek();
      if (t.t === 'end') throw new Fail({ code: 'unexpected_end', at: t.at, detail: '' });
      throw new Fail({ code: 'unexpected_token', at: t.at, detail: src.slice(t.at, t.at + t.len) });
    };
    const expect = (v: string) => {
      if (!isOp(v)) unexpected();
      p++;
    };

    const binary = (level: number): Expr => {
      if (level === LEVELS.length) return power();
      let left = binary(level + 1);
      for (;;) {
        const t = peek();
        if (t.t !== 'op' || !(LEVELS[level] as readonly string[]).includes(t.v)) return left;
        p++;
        left = { kind: 'binary', op: t.v as BinaryOp, left, right: binary(level + 1) };
      }
    };
    const power = (): Expr => {
      const base = unary();
      if (!isOp('^')) return base;
      p++;
      return { kind: 'binary', op: '^', left: base, right: power() };
    };
    const unary = (): Expr => {
      if (isOp('-')) {
        p++;
        return { kind: 'neg', arg: unary() };
      }
      if (isOp('+')) {
        p++;
        return unary();
      }
      return primary();
    };
    const primary = (): Expr => {
      const t = peek();
      if (t.t === 'num') {
        p++;
        return { kind: 'number', value: t.v };
      }
      if (t.t === 'str') {
        p++;
        return { kind: 'string', value: t.v };
      }
      if (t.t === 'ref') {
        p++;
        return { kind: 'ref', name: t.v };
      }
      if (t.t === 'id') {
        p++;
        const upper = t.v.toUpperCase();
        if (isOp('(')) {
          p++;
          if (!isFunctionName(upper)) throw new Fail({ code: 'unknown_function', at: t.at, detail: t.v });
          const args: Expr[] = [];
          if (!isOp(')')) {
            args.push(binary(0));
            while (isOp(',')) {
              p++;
              args.push(binary(0));
            }
          }
          expect(')');
          const f = FUNCTIONS[upper]!;
          if (args.length < f.min || args.length > f.max)
            throw new Fail({ code: 'wrong_arity', at: t.at, detail: upper });
          return { kind: 'call', fn: upper, args };
        }
        if (upper === 'TRUE' || upper === 'FALSE') return { kind: 'boolean', value: upper === 'TRUE' };
        return { kind: 'ref', name: t.v };
      }
      if (isOp('(')) {
        p++;
        const e = binary(0);
        expect(')');
        return e;
      }
      return unexpected();
    };

    const expr = binary(0);
    if (peek().t !== 'end') unexpected();
    return { ok: true, expr };
  } catch (e) {
    if (e instanceof Fail) return { ok: false, error: e.error };
    throw e;
  }
}

/** The references a formula reads, each once, in order of appearance. */
export function references(e: Expr, out: string[] = []): string[] {
  switch (e.kind) {
    case 'ref':
      if (!out.includes(e.name)) out.push(e.name);
      break;
    case 'neg':
      references(e.arg, out);
      break;
    case 'binary':
      references(e.left, out);
      references(e.right, out);
      break;
    case 'call':
      for (const a of e.args) references(a, out);
      break;
    default:
  }
  return out;
}

/** The tree back as text (fully bracketed references, parenthesised binaries): parses to itself. */
export function printFormula(e: Expr): string {
  switch (e.kind) {
    case 'number':
      return String(e.value);
    case 'string':
      return `"${e.value.replaceAll('"', '""')}"`;
    case 'boolean':
      return e.value ? 'TRUE' : 'FALSE';
    case 'ref':
      return `[${e.name}]`;
    case 'neg':
      return `-(${printFormula(e.arg)})`;
    case 'binary':
      return `(${printFormula(e.left)} ${e.op} ${printFormula(e.right)})`;
    case 'call':
      return `${e.fn}(${e.args.map(printFormula).join(', ')})`;
  }
}
