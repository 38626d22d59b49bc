// A set of formula attributes compiled together: each formula parsed, its references resolved to
// field ids (a column id, or `attr:<key>` for an attribute named by key or by name), formulas
// that read each other ordered so each is evaluated after what it reads, and cycles reported.
// The workbench worker evaluates the compiled set over every row (`evaluateRow`).

import type { EvalResult, Expr, FormulaError, FormulaValue } from './ast';
import { evaluate } from './evaluate';
import { parseFormula, references } from './parse';

export interface FormulaSource {
  /** The attribute key the value is stored under. */
  readonly key: string;
  readonly formula: string;
}

export interface CompiledFormula {
  readonly key: string;
  readonly expr: Expr;
  /** Canonical field ids of the references, by the name the formula used. */
  readonly fields: ReadonlyMap<string, string>;
}

export interface CompiledSet {
  /** Formulas in evaluation order. */
  readonly formulas: readonly CompiledFormula[];
  /** Formulas that failed, by key: parse errors, unknown references, cycles. */
  readonly errors: ReadonlyMap<string, FormulaError>;
}

/**
 * `resolveName` maps a name a formula uses to a field id (`duration`, `attr:zone`), or null when
 * nothing has that name. Formula keys are attributes too, so `attr:<key>` of another formula works.
 */
export function compileFormulas(
  sources: readonly FormulaSource[],
  resolveName: (name: string) => string | null,
): CompiledSet {
  const errors = new Map<string, FormulaError>();
  const parsed = new Map<string, CompiledFormula>();
  for (const s of sources) {
    const r = parseFormula(s.formula);
    if (!r.ok) {
      errors.set(s.key, r.error);
      continue;
    }
    const fields = new Map<string, string>();
    let bad: FormulaError | null = null;
    for (const name of references(r.expr)) {
      const field = resolveName(name);
      if (field === null) {
        bad = { code: 'unknown_reference', at: Math.max(0, s.formula.indexOf(name) - 1), detail: name };
        break;
      }
      if (field === `attr:${s.key}`) {
        bad = { code: 'self_reference', at: Math.max(0, s.formula.indexOf(name) - 1), detail: name };
        break;
      }
      fields.set(name, field);
    }
    if (bad) errors.set(s.key, bad);
    else parsed.set(s.key, { key: s.key, expr: r.expr, fields });
  }
  // Depth-first order over formula-to-formula reads; a formula on a cycle (or reading a failed
  // formula) is an error itself, so the rest still evaluate.
  const order: CompiledFormula[] = [];
  const state = new Map<string, 'visiting' | 'done' | 'failed'>();
  const visit = (key: string): boolean => {
    const st = state.get(key);
    if (st === 'done') return true;
    if (st === 'failed') return false;
    const f = parsed.get(key);
    if (!f) return !errors.has(key);
    if (st === 'visiting') return false;
    state.set(key, 'visiting');
    for (const [name, field] of f.fields) {
      if (!field.startsWith('attr:')) continue;
      const dep = field.slice(5);
      if (!parsed.has(dep) && !errors.has(dep)) continue;
      if (!visit(dep)) {
        state.set(key, 'failed');
        if (!errors.has(key))
          errors.set(key, {
            code: errors.has(dep) ? 'unknown_reference' : 'self_reference',
            at: 0,
            detail: name,
          });
        return false;
      }
    }
    state.set(key, 'done');
    order.push(f);
    return true;
  };
  for (const key of parsed.keys()) visit(key);
  return { formulas: order, errors };
}

/**
 * The formulas' values for one row. `read` gives a field's value in the row; values computed
 * earlier in the pass are read from the result, so a formula over a formula sees its new value.
 */
export function evaluateRow(
  set: CompiledSet,
  read: (field: string) => FormulaValue | undefined,
): Map<string, EvalResult> {
  const out = new Map<string, EvalResult>();
  for (const f of set.formulas) {
    out.set(
      f.key,
      evaluate(f.expr, (name) => {
        const field = f.fields.get(name)!;
        if (field.startsWith('attr:')) {
          const done = out.get(field.slice(5));
          if (done !== undefined) return done;
        }
        return read(field);
      }),
    );
  }
  return out;
}
