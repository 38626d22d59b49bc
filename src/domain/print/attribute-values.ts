// The print's attribute columns as the workbench's grid shows them: calculated (formula)
// attributes evaluated over each printed row as the schedule worker evaluates them (names
// resolved and formulas compiled by the same domain/formula calls, a row read in the grid's
// units), each value written as a grid cell writes it, and which attribute columns a group header
// sums — number attributes and formulas that give numbers (formulaKinds), as the screen's headers
// do (state/workbench/columns.ts `number`, group-values.ts). Pure.

import {
  compileFormulas,
  EVAL_ERROR_TEXT,
  evaluateRow,
  FORMULA_COLUMNS,
  formulaKinds,
  isEvalError,
  nameResolver,
  type EvalResult,
  type FormulaValue,
  type TypedAttribute,
} from '../formula';
import { formatNumber } from '../format';
import { formatDateTime } from '../io/write-time';

/**
 * The attribute keys a group header sums: number attributes (read-only ones too) and calculated
 * ones whose formula gives numbers; every other attribute column of a header stays empty.
 */
export function summedAttributeKeys(attributes: readonly TypedAttribute[]): Set<string> {
  const kinds = formulaKinds(attributes);
  return new Set(
    attributes.filter((a) => a.type === 'number' || kinds.get(a.key) === 'number').map((a) => a.key),
  );
}

/**
 * The formula attributes' values of one row, by key, from `read` (a field as a formula reads it:
 * `code`, `duration` in working days, `attr:KEY` …). Formulas are compiled once; one that does
 * not compile has no value (its cells stay empty, as the grid leaves them).
 */
export function formulaEvaluator(
  attributes: readonly TypedAttribute[],
): ((read: (field: string) => FormulaValue | undefined) => Map<string, EvalResult>) | null {
  const sources = attributes.flatMap((a) =>
    a.type === 'formula' && a.formula ? [{ key: a.key, formula: a.formula }] : [],
  );
  if (sources.length === 0) return null;
  const set = compileFormulas(sources, nameResolver(FORMULA_COLUMNS, attributes));
  return (read) => evaluateRow(set, read);
}

const day = (minutes: number): string => formatDateTime(minutes).slice(0, 10);

/**
 * A value as its cell prints it: numbers as the grid writes them (spec §9: grouped thousands, up
 * to 6 decimals, the language's marks), a date attribute's minutes as the print's dates
 * (YYYY-MM-DD), truth values TRUE / FALSE, an error value as its code (#DIV/0! …), empty for none.
 */
export function attributeText(
  value: EvalResult | string[] | undefined,
  type: string | undefined,
  lang: 'en' | 'ru',
): string {
  if (value === null || value === undefined) return '';
  if (isEvalError(value)) return EVAL_ERROR_TEXT[value.error];
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (type === 'date') return day(value);
    return formatNumber(value, { lang, decimals: 6, trimZeros: true });
  }
  return value;
}
