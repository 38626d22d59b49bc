// The filter operators of spec §3 as a pure predicate builder. Semantics (the spec names the
// operators only; these are ours, chosen to match what a scheduler expects in a grid filter):
//
// | op | passes when | an empty value (null, '', []) |
// |---|---|---|
// | lt lte gt gte | the value compares below/above the operand: numbers (dates are minutes) numerically, text naturally ("A2" < "A10"), case-insensitively | fails |
// | eq / ne | the value equals / differs from the operand exactly (number or text, case-sensitive) | eq fails, ne passes |
// | exists / not_exists | the value is / is not empty | — |
// | like / not_like | text contains the operand, case-insensitively; with % or _ the operand is an SQL LIKE pattern over the whole text (\ escapes) | like fails, not_like passes |
// | eq_text / ne_text | text equal / not equal ignoring case and surrounding spaces | eq_text fails, ne_text passes |
// | eq_text_or_null | eq_text, or the value is empty | passes |
// | range | from ≤ value ≤ to, either bound optional (null = open) | fails |
// | sum_exists / sum_not_exists | the field summed over the row's subtree (a leaf: its own value) is / is not non-zero | sum of nothing = 0 |
// | filter_by_list / filter_by_exclude_list | the value (any of a multi-value) is / none is in the list | passes filter_by_list only if the list holds null |
// | colors / exclude_colors | the row colour is / is not in the list (#abc = #aabbcc, any case) | colors fails, exclude passes |

import { civilFromDays, daysFromCivil } from '../calendar/time';

const EPOCH_DAY = daysFromCivil(2000, 1, 1);

export const FILTER_OPERATORS = [
  'lt',
  'lte',
  'gt',
  'gte',
  'eq',
  'ne',
  'exists',
  'not_exists',
  'like',
  'not_like',
  'eq_text',
  'eq_text_or_null',
  'ne_text',
  'range',
  'sum_exists',
  'sum_not_exists',
  'filter_by_list',
  'filter_by_exclude_list',
  'colors',
  'exclude_colors',
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type Scalar = string | number | boolean | null;
export type FieldValue = Scalar | undefined | readonly Scalar[];

export interface FilterCondition {
  /** Field or column id the accessor understands ('name', 'duration', 'attr:zone' …). */
  field: string;
  op: FilterOperator;
  /** Operand of comparisons, like and text operators. */
  value?: Scalar;
  /** Operand of the list and colour operators. */
  values?: readonly Scalar[];
  /** Bounds of range (inclusive; null or absent = open). */
  from?: number | string | null;
  to?: number | string | null;
}

export interface FilterGroup {
  match: 'all' | 'any';
  conditions: readonly (FilterCondition | FilterGroup)[];
}

export interface FilterContext<R> {
  /** The value of a field in a row. */
  get(row: R, field: string): FieldValue;
  /** A reader of one field, made once per condition (faster than `get` per row where given). */
  getter?(field: string): (row: R) => FieldValue;
  /** The field summed over the row's subtree (sum operators); defaults to the row's own value. */
  sum?(row: R, field: string): number;
  /** The row's colour (colour operators); defaults to get(row, 'color'). */
  color?(row: R): string | null | undefined;
  /**
   * For a date column (its values are YYYY-MM-DD texts): the row's day as a number (days since
   * 2000; NaN: no date), so that a comparison with day texts compares numbers, not texts.
   */
  dayGetter?(field: string): ((row: R) => number) | undefined;
}

export function isFilterOperator(op: string): op is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(op);
}

/** A text of spaces only; printable ASCII first is the common case and skips the trim. */
const isBlank = (s: string): boolean => {
  if (s.length === 0) return true;
  const c = s.charCodeAt(0);
  return !(c > 32 && c < 127) && s.trim() === '';
};

const isEmpty = (v: FieldValue): boolean =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && isBlank(v)) ||
  (Array.isArray(v) && v.length === 0);

const text = (v: Scalar | undefined): string => (v === null || v === undefined ? '' : String(v));
const norm = (v: Scalar | undefined): string => text(v).trim().toLowerCase();

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** YYYY-MM-DD: the text the date columns give a filter (grid-fields.ts isoDay). */
function isDayText(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

export function compareValues(a: Scalar, b: Scalar): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === null || b === null) return null;
  const x = String(a);
  const y = String(b);
  // Two days: digit runs of equal width order as their code units, which is what the numeric
  // collation gives, at a fraction of its cost (a date range over 100k rows is 200k comparisons).
  if (isDayText(x) && isDayText(y)) return x < y ? -1 : x > y ? 1 : 0;
  return collator.compare(x, y);
}

/**
 * The day number (days since 2000) of a YYYY-MM-DD text, or null for anything else, a day that
 * does not exist (2026-02-30) included: it sorts as text, not as the day it would roll over to.
 */
export function dayOfText(v: Scalar | undefined): number | null {
  if (typeof v !== 'string' || !isDayText(v)) return null;
  const y = Number(v.slice(0, 4));
  const m = Number(v.slice(5, 7));
  const d = Number(v.slice(8, 10));
  const days = daysFromCivil(y, m, d);
  const back = civilFromDays(days);
  return back.y === y && back.m === m && back.d === d ? days - EPOCH_DAY : null;
}

/**
 * A comparison of a date column with day texts, over day numbers: the same answer as comparing
 * the row's day text (isDayText texts order as their days), without a text per row. Null when the
 * condition is not one (another operator, an operand that is not a day text, no day reader).
 */
function dayComparison<R>(c: FilterCondition, ctx: FilterContext<R>): ((row: R) => boolean) | null {
  if (c.op !== 'lt' && c.op !== 'lte' && c.op !== 'gt' && c.op !== 'gte' && c.op !== 'range') return null;
  const day = ctx.dayGetter?.(c.field);
  if (!day) return null;
  if (c.op === 'range') {
    const open = (b: number | string | null | undefined) => b === undefined || b === null;
    const from = open(c.from) ? -Infinity : dayOfText(c.from);
    const to = open(c.to) ? Infinity : dayOfText(c.to);
    if (from === null || to === null) return null;
    // NaN (no date) fails both comparisons, as an empty value fails a range.
    return (row) => {
      const d = day(row);
      return d >= from && d <= to;
    };
  }
  const x = dayOfText(c.value);
  if (x === null) return null;
  switch (c.op) {
    case 'lt':
      return (row) => day(row) < x;
    case 'lte':
      return (row) => day(row) <= x;
    case 'gt':
      return (row) => day(row) > x;
    default:
      return (row) => day(row) >= x;
  }
}

/** SQL LIKE → RegExp: % any run, _ one character, \ escapes. */
function likeRegExp(pattern: string): RegExp {
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) src += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
    else if (c === '%') src += '[\\s\\S]*';
    else if (c === '_') src += '[\\s\\S]';
    else src += c.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  }
  return new RegExp(`^${src}$`, 'iu');
}

function likeMatcher(operand: Scalar | undefined): (v: string) => boolean {
  const p = text(operand);
  if (/[%_]/u.test(p)) {
    const re = likeRegExp(p);
    return (v) => re.test(v);
  }
  // A case-insensitive search without a lower-cased copy of every row's text.
  const re = new RegExp(p.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'), 'iu');
  return (v) => re.test(v);
}

/** '#ABC', 'abc', '#aabbcc' → '#aabbcc'; other colour names are only lower-cased. */
export function normalizeColor(c: Scalar | undefined): string {
  const s = text(c).trim().toLowerCase();
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/u.exec(s);
  if (!hex) return s;
  const h = hex[1]!;
  return '#' + (h.length === 3 ? [...h].map((d) => d + d).join('') : h);
}

/**
 * A text test remembered per value: a column repeats a few texts over its rows (zones, kinds), and
 * a trimmed lower-cased copy per row is what the test would cost; a column of unique texts (names)
 * stops the memo at 4,096 values.
 */
function textMemo(test: (v: string) => boolean): (v: string) => boolean {
  const seen = new Map<string, boolean>();
  return (v) => {
    let r = seen.get(v);
    if (r === undefined) {
      r = test(v);
      if (seen.size < 4096) seen.set(v, r);
    }
    return r;
  };
}

/** Whether any of the value's scalars (one, or each of a multi-value) passes; no array made per row. */
const some = (v: FieldValue, test: (s: Scalar) => boolean): boolean =>
  Array.isArray(v) ? (v as readonly Scalar[]).some(test) : test((v ?? null) as Scalar);

/** One condition as a predicate; operands are prepared once, not per row. */
export function conditionPredicate<R>(c: FilterCondition, ctx: FilterContext<R>): (row: R) => boolean {
  const byDay = dayComparison(c, ctx);
  if (byDay) return byDay;
  const get = ctx.getter?.(c.field) ?? ((row: R) => ctx.get(row, c.field));
  const scalar = (row: R): Scalar => {
    const v = get(row);
    return Array.isArray(v) ? (v[0] ?? null) : ((v ?? null) as Scalar);
  };
  const cmp = (test: (d: number) => boolean) => (row: R) => {
    const v = scalar(row);
    if (isEmpty(v) || c.value === undefined || c.value === null) return false;
    const d = compareValues(v, c.value);
    return d !== null && test(d);
  };
  switch (c.op) {
    case 'lt':
      return cmp((d) => d < 0);
    case 'lte':
      return cmp((d) => d <= 0);
    case 'gt':
      return cmp((d) => d > 0);
    case 'gte':
      return cmp((d) => d >= 0);
    case 'eq':
      return (row) => some(get(row), (v) => v === c.value && !isEmpty(v));
    case 'ne':
      return (row) => !some(get(row), (v) => v === c.value && !isEmpty(v));
    case 'exists':
      return (row) => !isEmpty(get(row));
    case 'not_exists':
      return (row) => isEmpty(get(row));
    case 'like':
    case 'not_like': {
      const match = likeMatcher(c.value);
      const test = (v: Scalar) => !isEmpty(v) && match(text(v));
      const like = (row: R) => some(get(row), test);
      return c.op === 'like' ? like : (row) => !like(row);
    }
    case 'eq_text':
    case 'ne_text':
    case 'eq_text_or_null': {
      const operand = norm(c.value);
      const same = textMemo((v) => norm(v) === operand);
      const test = (v: Scalar) => !isEmpty(v) && (typeof v === 'string' ? same(v) : norm(v) === operand);
      const eq = (row: R) => some(get(row), test);
      if (c.op === 'eq_text') return eq;
      if (c.op === 'ne_text') return (row) => !eq(row);
      return (row) => isEmpty(get(row)) || eq(row);
    }
    case 'range':
      return (row) => {
        const v = scalar(row);
        if (isEmpty(v)) return false;
        if (c.from !== undefined && c.from !== null && (compareValues(v, c.from) ?? -1) < 0) return false;
        if (c.to !== undefined && c.to !== null && (compareValues(v, c.to) ?? 1) > 0) return false;
        return true;
      };
    case 'sum_exists':
    case 'sum_not_exists': {
      const sum =
        ctx.sum ??
        ((row: R) => {
          const v = scalar(row);
          return typeof v === 'number' ? v : 0;
        });
      return c.op === 'sum_exists' ? (row) => sum(row, c.field) !== 0 : (row) => sum(row, c.field) === 0;
    }
    case 'filter_by_list':
    case 'filter_by_exclude_list': {
      const list = new Set((c.values ?? []).map((v) => (v === null ? null : String(v))));
      const test = (v: Scalar) => list.has(v === null ? null : String(v));
      const inList = (row: R) => {
        const v = get(row);
        return isEmpty(v) ? list.has(null) : some(v, test);
      };
      return c.op === 'filter_by_list' ? inList : (row) => !inList(row);
    }
    case 'colors':
    case 'exclude_colors': {
      const list = new Set((c.values ?? []).map(normalizeColor));
      const color =
        ctx.color ??
        ((row: R) => {
          const v = ctx.get(row, 'color');
          return typeof v === 'string' ? v : null;
        });
      // A version holds a few colours: each is normalised once, not once per row.
      const seen = new Map<string, boolean>();
      const has = (row: R) => {
        const v = color(row);
        if (isEmpty(v ?? null)) return false;
        let r = seen.get(v!);
        if (r === undefined) seen.set(v!, (r = list.has(normalizeColor(v))));
        return r;
      };
      return c.op === 'colors' ? has : (row) => !has(row);
    }
  }
}

const isGroup = (c: FilterCondition | FilterGroup): c is FilterGroup => 'conditions' in c;

const isDayOperand = (v: Scalar | number | undefined): boolean => typeof v === 'string' && isDayText(v);
const cheapOperand = (v: Scalar | number | undefined): boolean =>
  v === undefined || v === null || typeof v === 'number' || isDayOperand(v);

/**
 * What testing one row costs, roughly (a relative figure, not time): a number or day comparison
 * or a stored subtree sum is a read and a compare; lists, colours and equal-text tests look the
 * value up in a set or memo; a text comparison collates; `like` runs a regular expression.
 */
export function conditionCost(c: FilterCondition | FilterGroup): number {
  if (isGroup(c)) return c.conditions.reduce((sum, part) => sum + conditionCost(part), 0);
  switch (c.op) {
    case 'exists':
    case 'not_exists':
    case 'sum_exists':
    case 'sum_not_exists':
      return 1;
    case 'eq':
    case 'ne':
      return 2;
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return cheapOperand(c.value) ? 2 : 6;
    case 'range':
      return cheapOperand(c.from) && cheapOperand(c.to) ? 2 : 6;
    case 'like':
    case 'not_like':
      return 8;
    default:
      return 3;
  }
}

/**
 * A filter (condition or group of them, nested) as one predicate; an empty group passes all. A
 * group tests its parts cheapest first: the parts are pure, so the order changes only how soon
 * `all` meets a failure or `any` a pass (a name `like` after a volume range is tested only on
 * the rows in the range).
 */
export function buildPredicate<R>(
  filter: FilterCondition | FilterGroup,
  ctx: FilterContext<R>,
): (row: R) => boolean {
  if (!isGroup(filter)) return conditionPredicate(filter, ctx);
  const ordered = filter.conditions
    .map((c, i) => ({ c, i, cost: conditionCost(c) }))
    .sort((a, b) => a.cost - b.cost || a.i - b.i);
  const parts = ordered.map(({ c }) => buildPredicate(c, ctx));
  const n = parts.length;
  if (n === 0) return () => true;
  if (n === 1) return parts[0]!;
  if (filter.match === 'all')
    return (row) => {
      for (let k = 0; k < n; k++) if (!parts[k]!(row)) return false;
      return true;
    };
  return (row) => {
    for (let k = 0; k < n; k++) if (parts[k]!(row)) return true;
    return false;
  };
}
