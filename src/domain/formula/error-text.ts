// How a cell writes an evaluation error (the grid's cells and the print's, alike).
import type { EvalErrorCode } from './ast';

export const EVAL_ERROR_TEXT: Readonly<Record<EvalErrorCode, string>> = {
  div_zero: '#DIV/0!',
  not_a_number: '#VALUE!',
  cycle: '#CYCLE!',
};
