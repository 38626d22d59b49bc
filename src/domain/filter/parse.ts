// A filter expression from outside (the schedule page's `filter` query parameter: JSON of one
// condition or a group of them) checked into the operators' types, or refused with the place
// that is wrong. Nothing outside the shapes of operators.ts gets through.

import { isFilterOperator, type FilterCondition, type FilterGroup, type Scalar } from './operators';

export type FilterExpr = FilterCondition | FilterGroup;

export type ParsedFilter = { ok: true; filter: FilterExpr } | { ok: false; path: string };

const isScalar = (v: unknown): v is Scalar =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isBound = (v: unknown) =>
  v === undefined || v === null || typeof v === 'string' || typeof v === 'number';

/** The first place (a path such as `conditions.1.op`) where `x` is not a filter, or null. */
function problem(x: unknown, path: string, depth: number): string | null {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return path || '(root)';
  const o = x as Record<string, unknown>;
  if ('conditions' in o) {
    if (o.match !== 'all' && o.match !== 'any') return at('match');
    if (!Array.isArray(o.conditions) || depth > 8) return at('conditions');
    for (let i = 0; i < o.conditions.length; i++) {
      const p = problem(o.conditions[i], at(`conditions.${i}`), depth + 1);
      if (p) return p;
    }
    return null;
  }
  if (typeof o.field !== 'string' || o.field === '') return at('field');
  if (typeof o.op !== 'string' || !isFilterOperator(o.op)) return at('op');
  if (o.value !== undefined && !isScalar(o.value)) return at('value');
  if (o.values !== undefined && !(Array.isArray(o.values) && o.values.every(isScalar))) return at('values');
  if (!isBound(o.from)) return at('from');
  if (!isBound(o.to)) return at('to');
  return null;
}

export function parseFilter(json: string): ParsedFilter {
  let x: unknown;
  try {
    x = JSON.parse(json);
  } catch {
    return { ok: false, path: '(json)' };
  }
  const p = problem(x, '', 0);
  return p === null ? { ok: true, filter: x as FilterExpr } : { ok: false, path: p };
}
