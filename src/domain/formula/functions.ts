// The functions a formula may call: name → arity and implementation over evaluated arguments.
// IF is lazy (only the taken branch is evaluated) and handled by the evaluator.

import type { FormulaValue } from './ast';

export interface FormulaFunction {
  readonly min: number;
  /** Infinity for variadic functions. */
  readonly max: number;
}

export const FUNCTIONS: Readonly<Record<string, FormulaFunction>> = {
  IF: { min: 2, max: 3 },
  AND: { min: 1, max: Infinity },
  OR: { min: 1, max: Infinity },
  NOT: { min: 1, max: 1 },
  SUM: { min: 1, max: Infinity },
  MIN: { min: 1, max: Infinity },
  MAX: { min: 1, max: Infinity },
  ABS: { min: 1, max: 1 },
  ROUND: { min: 1, max: 2 },
  LEN: { min: 1, max: 1 },
  UPPER: { min: 1, max: 1 },
  LOWER: { min: 1, max: 1 },
  CONCAT: { min: 1, max: Infinity },
  ISBLANK: { min: 1, max: 1 },
  COALESCE: { min: 1, max: Infinity },
};

export const isFunctionName = (name: string): boolean => Object.hasOwn(FUNCTIONS, name);

/** Truthiness as a spreadsheet sees it: non-zero numbers, non-empty text, true. */
export const truthy = (v: FormulaValue): boolean =>
  v === true || (typeof v === 'number' && v !== 0 && !Number.isNaN(v)) || (typeof v === 'string' && v !== '');

export const asText = (v: FormulaValue): string =>
  v === null ? '' : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v);
