// Keyboard moves in a one-dimensional widget (tabs, a menu): the previous and next keys wrap
// around, Home and End go to the ends (WAI-ARIA authoring practices).

/** The index `key` moves to from `at` in a list of `n`, or -1 for a key that moves nothing. */
export function rovingIndex(key: string, at: number, n: number, prev: string, next: string): number {
  if (key === next) return (at + 1) % n;
  if (key === prev) return (at - 1 + n) % n;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return -1;
}
