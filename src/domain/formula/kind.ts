// What kind of value a formula gives, read from its text before any row is evaluated: a number,
// text, a truth value, a date (minutes, as date attributes hold them: a date attribute plus or
// minus days), or mixed (branches of different kinds, an unknown name). A group header sums a
// calculated column only when its formula gives numbers (domain/wbs/group-columns.ts); a
// number-kind formula evaluates to a number, blank or an error value, never to text (property
// in tests/domain/formula/kind.test.ts).

import type { Expr } from './ast';
import { compileFormulas } from './compile';
import { FORMULA_COLUMNS, nameResolver } from './names';

export type FormulaKind = 'number' | 'text' | 'boolean' | 'date' | 'blank' | 'mixed';

/** Two branches' kind: the same kind, a blank beside anything, else mixed. */
const join = (a: FormulaKind, b: FormulaKind): FormulaKind =>
  a === b || b === 'blank' ? a : a === 'blank' ? b : 'mixed';

/** The kind of an expression; `refKind` gives a reference's (by the name the formula used). */
export function exprKind(e: Expr, refKind: (name: string) => FormulaKind): FormulaKind {
  const k = (x: Expr) => exprKind(x, refKind);
  switch (e.kind) {
    case 'number':
      return 'number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'boolean';
    case 'ref':
      return refKind(e.name);
    case 'neg':
      return 'number';
    case 'binary': {
      const { op } = e;
      if (op === '&') return 'text';
      if (op === '=' || op === '<>' || op === '<' || op === '<=' || op === '>' || op === '>=')
        return 'boolean';
      // Arithmetic always gives a number (or an error); a date moved by a number stays a date.
      const l = k(e.left);
      const r = k(e.right);
      if (op === '+' && (l === 'date') !== (r === 'date')) return 'date';
      if (op === '-' && l === 'date' && r !== 'date') return 'date';
      return 'number';
    }
    case 'call':
      switch (e.fn) {
        case 'IF':
          return join(k(e.args[1]!), e.args[2] ? k(e.args[2]) : 'blank');
        case 'COALESCE':
          return e.args.map(k).reduce(join);
        case 'MIN':
        case 'MAX':
          return e.args.every((a) => k(a) === 'date') ? 'date' : 'number';
        case 'SUM':
        case 'ABS':
        case 'ROUND':
        case 'LEN':
          return 'number';
        case 'UPPER':
        case 'LOWER':
        case 'CONCAT':
          return 'text';
        case 'AND':
        case 'OR':
        case 'NOT':
        case 'ISBLANK':
          return 'boolean';
        default:
          return 'mixed';
      }
  }
}

/** An attribute as the formulas see it: its key, name and type (a formula's kind is inferred). */
export interface TypedAttribute {
  readonly key: string;
  readonly name: string;
  readonly type?: string | undefined;
  /** A formula attribute's expression. */
  readonly formula?: string | null | undefined;
}

const COLUMN_KINDS: Readonly<Record<(typeof FORMULA_COLUMNS)[number], FormulaKind>> = {
  code: 'text',
  name: 'text',
  type: 'text',
  duration: 'number',
  progress: 'number',
  volume: 'number',
  price: 'number',
};

const typeKind = (type: string | undefined): FormulaKind =>
  type === 'number'
    ? 'number'
    : type === 'date'
      ? 'date'
      : type === undefined || type === 'formula'
        ? 'mixed'
        : 'text';

/**
 * The kind of each formula attribute's values, by key, with names resolved as the worker resolves
 * them (domain/formula/names.ts) and compiled as the worker compiles them (compile.ts): a formula
 * that does not compile (a parse error, an unknown name, a cycle, reading a failed formula) is
 * mixed; the others are in evaluation order, so each reads the kinds of those before it.
 */
export function formulaKinds(attributes: readonly TypedAttribute[]): Map<string, FormulaKind> {
  const sources = attributes.flatMap((a) =>
    a.type === 'formula' && a.formula ? [{ key: a.key, formula: a.formula }] : [],
  );
  const set = compileFormulas(sources, nameResolver(FORMULA_COLUMNS, attributes));
  const types = new Map(attributes.map((a) => [a.key, a.type]));
  const out = new Map<string, FormulaKind>();
  for (const key of set.errors.keys()) out.set(key, 'mixed');
  for (const c of set.formulas)
    out.set(
      c.key,
      exprKind(c.expr, (name) => {
        const field = c.fields.get(name)!;
        if (!field.startsWith('attr:')) return COLUMN_KINDS[field as keyof typeof COLUMN_KINDS] ?? 'mixed';
        const key = field.slice(5);
        return out.get(key) ?? typeKind(types.get(key));
      }),
    );
  return out;
}
