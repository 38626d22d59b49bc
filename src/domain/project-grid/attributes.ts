// The project grid's attribute columns: the attributes of every schedule's version in one list,
// as the schedule page lists one version's. A key is one column whichever versions hold it (a
// space attribute applies to several schedules; an import's key may recur); a typed definition
// (the Attributes screen's) wins over a key known only by its label, else the first schedule's.

export interface KeyedAttribute {
  readonly key: string;
  readonly label: string;
  readonly type?: unknown;
}

/** One entry per key, in the order first met (schedules in the grid's order). */
export function mergeAttributeLists<A extends KeyedAttribute>(lists: readonly (readonly A[])[]): A[] {
  const byKey = new Map<string, A>();
  for (const list of lists)
    for (const a of list) {
      const had = byKey.get(a.key);
      if (!had || (had.type === undefined && a.type !== undefined)) byKey.set(a.key, a);
    }
  return [...byKey.values()];
}
