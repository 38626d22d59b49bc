// Random formula syntax trees for properties: leaves, negation, every binary operator, and calls
// as the caller makes them (which functions, how many arguments).
import fc from 'fast-check';
import type { Expr } from '../../../src/domain/formula';

export function exprTrees(
  leaf: fc.Arbitrary<Expr>,
  call: (tree: fc.Arbitrary<Expr>) => fc.Arbitrary<Expr>,
): fc.Arbitrary<Expr> {
  return fc.letrec<{ tree: Expr }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      tie('tree').map((arg) => ({ kind: 'neg', arg }) as Expr),
      fc
        .record({
          op: fc.constantFrom('+', '-', '*', '/', '^', '&', '=', '<>', '<', '<=', '>', '>=' as const),
          left: tie('tree'),
          right: tie('tree'),
        })
        .map((b) => ({ kind: 'binary', ...b }) as Expr),
      call(tie('tree')),
    ),
  })).tree;
}
