// Selection between the schedule's rows and a model's elements through the element ↔ row
// relations of a version (the 3D pane beside the workbench's Gantt): rows selected in the grid
// highlight the elements linked to them or to rows under them; elements picked in the model
// select their rows. Pure: the pane feeds it the relations and the grid's rows.

export interface RelationPair {
  readonly wbs_id: string;
  readonly element_id: number;
}

/** Row id → its linked element ids, and element id → its linked row ids. */
export interface RelationIndex {
  readonly elementsOfRow: ReadonlyMap<string, readonly number[]>;
  readonly rowsOfElement: ReadonlyMap<number, readonly string[]>;
}

export function indexRelations(relations: readonly RelationPair[]): RelationIndex {
  const elementsOfRow = new Map<string, number[]>();
  const rowsOfElement = new Map<number, string[]>();
  for (const r of relations) {
    const e = elementsOfRow.get(r.wbs_id);
    if (e) e.push(r.element_id);
    else elementsOfRow.set(r.wbs_id, [r.element_id]);
    const w = rowsOfElement.get(r.element_id);
    if (w) w.push(r.wbs_id);
    else rowsOfElement.set(r.element_id, [r.wbs_id]);
  }
  return { elementsOfRow, rowsOfElement };
}

/**
 * Elements linked to the rows or to any row under them (a summary shows what its works build),
 * each once, ascending. `childrenOf` gives a row's child ids.
 */
export function elementsForRows(
  index: RelationIndex,
  rowIds: Iterable<string>,
  childrenOf: (id: string) => readonly string[],
): number[] {
  const out = new Set<number>();
  const seen = new Set<string>();
  const stack = [...rowIds];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const e of index.elementsOfRow.get(id) ?? []) out.add(e);
    for (const c of childrenOf(id)) stack.push(c);
  }
  return [...out].sort((a, b) => a - b);
}

/** Rows linked to any of the elements, each once, in first-seen order. */
export function rowsForElements(index: RelationIndex, elementIds: Iterable<number>): string[] {
  const out = new Set<string>();
  for (const e of elementIds) for (const w of index.rowsOfElement.get(e) ?? []) out.add(w);
  return [...out];
}

/**
 * The grid's selection for a set of rows: the runs of consecutive wanted rows in view order
 * (the grid selects ranges; several ranges are a Ctrl+click selection). Empty when none is
 * visible.
 */
export function rowRunsFor(
  visibleIds: readonly string[],
  wanted: ReadonlySet<string>,
): { first: number; last: number }[] {
  const runs: { first: number; last: number }[] = [];
  for (let i = 0; i < visibleIds.length; i++) {
    if (!wanted.has(visibleIds[i]!)) continue;
    const prev = runs[runs.length - 1];
    if (prev && prev.last === i - 1) prev.last = i;
    else runs.push({ first: i, last: i });
  }
  return runs;
}

/**
 * Elements split by a quality indicator (the spec's indicator-colors): flagged when linked to a
 * row the indicator flags, clear when all their rows pass it. Both ascending.
 */
export function splitByFlaggedRows(
  index: RelationIndex,
  flaggedRows: ReadonlySet<string>,
): { flagged: number[]; clear: number[] } {
  const flagged: number[] = [];
  const clear: number[] = [];
  for (const [element, rows] of index.rowsOfElement)
    (rows.some((r) => flaggedRows.has(r)) ? flagged : clear).push(element);
  return { flagged: flagged.sort((a, b) => a - b), clear: clear.sort((a, b) => a - b) };
}
