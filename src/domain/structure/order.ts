// Order of the children of one structure node (a project's groups and schedules, a group's
// schedules). The server keeps the order; a drop or a move names the place by its index.

/**
 * The ids in their new order once `id` is put at `position` among the others: `id` is taken out
 * of `ids` if it is there (a move inside one parent), then inserted at `position`, clamped to
 * 0…length (a drop past the end appends).
 */
export function placeAt(ids: readonly string[], id: string, position: number): string[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(rest.length, Math.floor(position)));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** The sort_order writes needed to store `ordered` as 0…n-1, given each id's current order. */
export function orderWrites(
  ordered: readonly string[],
  current: ReadonlyMap<string, number>,
): { id: string; order: number }[] {
  const out: { id: string; order: number }[] = [];
  ordered.forEach((id, order) => {
    if (current.get(id) !== order) out.push({ id, order });
  });
  return out;
}
