// The order coefficients apply in: each coefficient's explicit `after` list first (a topological
// order; a cycle is an error naming its coefficients), then the settings' kind order, then the
// list's own order.
import type { Coefficient } from './types';

export class CoefficientCycleError extends Error {
  constructor(readonly ids: string[]) {
    super(`coefficient cycle: ${ids.join(' → ')}`);
  }
}

/** A cycle among the `after` links (ids in order, first repeated at the end), or null. */
export function findCoefficientCycle(coefs: readonly Coefficient[]): string[] | null {
  const byId = new Map(coefs.map((c) => [c.id, c]));
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    const s = state.get(id);
    if (s === 2) return null;
    if (s === 1) return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 1);
    stack.push(id);
    for (const a of byId.get(id)?.after ?? []) {
      if (!byId.has(a)) continue;
      const c = visit(a);
      if (c) return c;
    }
    stack.pop();
    state.set(id, 2);
    return null;
  };
  for (const c of coefs) {
    const cyc = visit(c.id);
    if (cyc) return cyc;
  }
  return null;
}

/** The coefficients in application order; throws CoefficientCycleError on a cycle. */
export function orderCoefficients(
  coefs: readonly Coefficient[],
  kindOrder: readonly string[],
): Coefficient[] {
  const cycle = findCoefficientCycle(coefs);
  if (cycle) throw new CoefficientCycleError(cycle);
  const rank = (c: Coefficient) => {
    const i = kindOrder.indexOf(c.kind);
    return i < 0 ? kindOrder.length : i;
  };
  const listIndex = new Map(coefs.map((c, i) => [c.id, i]));
  const cmp = (a: Coefficient, b: Coefficient) =>
    rank(a) - rank(b) || listIndex.get(a.id)! - listIndex.get(b.id)!;
  const ids = new Set(coefs.map((c) => c.id));
  const indeg = new Map<string, number>();
  const next = new Map<string, Coefficient[]>();
  for (const c of coefs) {
    const deps = [...new Set(c.after)].filter((a) => ids.has(a) && a !== c.id);
    indeg.set(c.id, deps.length);
    for (const d of deps) {
      let l = next.get(d);
      if (!l) next.set(d, (l = []));
      l.push(c);
    }
  }
  // Kahn's algorithm, always taking the smallest ready coefficient by (kind rank, list order).
  const ready = coefs.filter((c) => indeg.get(c.id) === 0).sort(cmp);
  const out: Coefficient[] = [];
  while (ready.length) {
    const c = ready.shift()!;
    out.push(c);
    for (const n of next.get(c.id) ?? []) {
      const d = indeg.get(n.id)! - 1;
      indeg.set(n.id, d);
      if (d === 0) {
        let i = 0;
        while (i < ready.length && cmp(ready[i]!, n) <= 0) i++;
        ready.splice(i, 0, n);
      }
    }
  }
  return out;
}
