// The formula language's syntax tree and values. A formula is an expression over a row's columns:
//   [Volume] * [Unit price], IF([progress] >= 100, "done", "open"), ROUND(duration / 5, 1)
// A reference is a bare identifier (a column id: duration, volume, price …) or any name in square
// brackets (a column id, an attribute key or an attribute's name: [Unit price], [attr:udf:1]).

export type FormulaValue = number | string | boolean | null;

export type BinaryOp = '+' | '-' | '*' | '/' | '^' | '&' | '=' | '<>' | '<' | '<=' | '>' | '>=';

export type Expr =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'ref'; readonly name: string }
  | { readonly kind: 'neg'; readonly arg: Expr }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'call'; readonly fn: string; readonly args: readonly Expr[] };

/** Why a formula does not parse or cannot be evaluated; `at` is a character offset in the source. */
export type FormulaErrorCode =
  | 'empty'
  | 'unexpected_token'
  | 'unexpected_end'
  | 'unclosed_string'
  | 'unclosed_bracket'
  | 'unknown_function'
  | 'wrong_arity'
  | 'unknown_reference'
  | 'self_reference';

export interface FormulaError {
  readonly code: FormulaErrorCode;
  readonly at: number;
  /** The token, function or reference concerned. */
  readonly detail: string;
}

/** An evaluation error in a value (a cell shows it instead of a value): #DIV/0!, #VALUE! … */
export type EvalErrorCode = 'div_zero' | 'not_a_number' | 'cycle';
export interface EvalError {
  readonly error: EvalErrorCode;
}
export type EvalResult = FormulaValue | EvalError;

export const isEvalError = (v: unknown): v is EvalError =>
  typeof v === 'object' && v !== null && 'error' in v;
