// What a filter builder needs of the operators: which operand each takes, which make sense for a
// column's kind of value, whether a condition is complete, and the expression a builder's rows
// make (empty rows dropped, a single condition unwrapped) — the same JSON the `filter` address
// parameter carries and parseFilter reads back.

import type { FilterCondition, FilterGroup, FilterOperator, Scalar } from './operators';
import { FILTER_OPERATORS } from './operators';

/** none: exists …; value: one operand; values: a list; range: from / to. */
export type OperandKind = 'none' | 'value' | 'values' | 'range';

export function operandKind(op: FilterOperator): OperandKind {
  switch (op) {
    case 'exists':
    case 'not_exists':
    case 'sum_exists':
    case 'sum_not_exists':
      return 'none';
    case 'range':
      return 'range';
    case 'filter_by_list':
    case 'filter_by_exclude_list':
    case 'colors':
    case 'exclude_colors':
      return 'values';
    default:
      return 'value';
  }
}

export type FieldKind = 'text' | 'number' | 'date' | 'color';

const TEXT_OPS: readonly FilterOperator[] = [
  'eq_text',
  'ne_text',
  'eq_text_or_null',
  'like',
  'not_like',
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'exists',
  'not_exists',
  'filter_by_list',
  'filter_by_exclude_list',
];
const NUMBER_OPS: readonly FilterOperator[] = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'range',
  'exists',
  'not_exists',
  'sum_exists',
  'sum_not_exists',
  'filter_by_list',
  'filter_by_exclude_list',
];
const DATE_OPS: readonly FilterOperator[] = [
  'lt',
  'lte',
  'gt',
  'gte',
  'range',
  'eq',
  'ne',
  'exists',
  'not_exists',
];
const COLOR_OPS: readonly FilterOperator[] = ['colors', 'exclude_colors', 'exists', 'not_exists'];

/** The operators offered first for a kind of value (every one of the 20 is valid on any field). */
export function operatorsFor(kind: FieldKind): readonly FilterOperator[] {
  const first =
    kind === 'number' ? NUMBER_OPS : kind === 'date' ? DATE_OPS : kind === 'color' ? COLOR_OPS : TEXT_OPS;
  return [...first, ...FILTER_OPERATORS.filter((o) => !first.includes(o))];
}

/** A builder's row: the operand typed as text (numbers are read by the field's kind). */
export interface DraftCondition {
  readonly field: string;
  readonly op: FilterOperator;
  readonly text: string;
  /** Comma-separated list for list and colour operators. */
  readonly list: string;
  readonly from: string;
  readonly to: string;
}

export interface DraftGroup {
  readonly match: 'all' | 'any';
  readonly items: readonly (DraftCondition | DraftGroup)[];
}

const isDraftGroup = (x: DraftCondition | DraftGroup): x is DraftGroup => 'items' in x;

/** A typed operand: a number for a number field when the text reads as one (a comma is a dot). */
export function operand(text: string, kind: FieldKind): Scalar {
  const s = text.trim();
  if (kind === 'number') {
    const n = Number(s.replace(',', '.'));
    if (s !== '' && Number.isFinite(n)) return n;
  }
  return s;
}

/** Whether a row has what its operator needs. */
export function isComplete(c: DraftCondition): boolean {
  if (c.field === '') return false;
  switch (operandKind(c.op)) {
    case 'none':
      return true;
    case 'value':
      return c.text.trim() !== '';
    case 'values':
      return c.list.split(',').some((v) => v.trim() !== '');
    case 'range':
      return c.from.trim() !== '' || c.to.trim() !== '';
  }
}

export function toCondition(c: DraftCondition, kind: FieldKind): FilterCondition {
  switch (operandKind(c.op)) {
    case 'none':
      return { field: c.field, op: c.op };
    case 'value':
      return { field: c.field, op: c.op, value: operand(c.text, kind) };
    case 'values':
      return {
        field: c.field,
        op: c.op,
        values: c.list
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
          .map((v) => operand(v, kind)),
      };
    case 'range': {
      const bound = (s: string) => {
        if (s.trim() === '') return null;
        const v = operand(s, kind);
        return typeof v === 'boolean' ? String(v) : v;
      };
      return { field: c.field, op: c.op, from: bound(c.from), to: bound(c.to) };
    }
  }
}

/** The expression of a builder's rows (incomplete rows and empty groups left out), or null. */
export function toExpr(
  g: DraftGroup,
  kindOf: (field: string) => FieldKind,
): FilterCondition | FilterGroup | null {
  const parts: (FilterCondition | FilterGroup)[] = [];
  for (const item of g.items) {
    if (isDraftGroup(item)) {
      const sub = toExpr(item, kindOf);
      if (sub) parts.push(sub);
    } else if (isComplete(item)) parts.push(toCondition(item, kindOf(item.field)));
  }
  if (parts.length === 0) return null;
  if (parts.length === 1 && !('conditions' in parts[0]!)) return parts[0]!;
  return { match: g.match, conditions: parts };
}

const text = (v: Scalar | undefined) => (v === null || v === undefined ? '' : String(v));

/** An expression back as builder rows (for editing the filter in the address or a saved one). */
export function toDraft(e: FilterCondition | FilterGroup | null): DraftGroup {
  if (!e) return { match: 'all', items: [] };
  if (!('conditions' in e)) return { match: 'all', items: [draftOf(e)] };
  return {
    match: e.match,
    items: e.conditions.map((c) => ('conditions' in c ? toDraft(c) : draftOf(c))),
  };
}

function draftOf(c: FilterCondition): DraftCondition {
  return {
    field: c.field,
    op: c.op,
    text: text(c.value),
    list: (c.values ?? []).map(text).join(', '),
    from: text(c.from ?? null),
    to: text(c.to ?? null),
  };
}

export const emptyCondition = (field: string): DraftCondition => ({
  field,
  op: 'eq_text',
  text: '',
  list: '',
  from: '',
  to: '',
});
