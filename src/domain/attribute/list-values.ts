// A list attribute holds only one of its values (or nothing). The grid reads what is typed or
// pasted against the list (spaces and case do not matter, the stored text is the list's own);
// the server checks every value a batch writes to a list attribute, exactly.

/** The list's own spelling of a typed text, or null when the list has no such value. */
export function listValueOf(text: string, values: readonly string[]): string | null {
  const t = text.trim();
  const exact = values.find((v) => v === t);
  if (exact !== undefined) return exact;
  const lower = t.toLowerCase();
  return values.find((v) => v.trim().toLowerCase() === lower) ?? null;
}

export interface WrittenValue {
  row: string;
  key: string;
  value: unknown;
}

/**
 * The attribute values a batch's patches write where they address attributes
 * (['rows', id, 'attributes', key] or the whole ['rows', id, 'attributes'] object).
 */
export function writtenAttributeValues(
  patches: readonly { op: string; path: readonly (string | number)[]; value?: unknown }[],
): WrittenValue[] {
  const out: WrittenValue[] = [];
  for (const p of patches) {
    if (p.op === 'remove' || p.path[0] !== 'rows' || p.path[2] !== 'attributes') continue;
    const row = String(p.path[1]);
    if (p.path.length === 4) out.push({ row, key: String(p.path[3]), value: p.value });
    else if (p.path.length === 3 && p.value && typeof p.value === 'object')
      for (const [key, value] of Object.entries(p.value)) out.push({ row, key, value });
  }
  return out;
}

/** Whether a stored value is allowed in a list attribute: nothing, or one of the values exactly. */
export const allowedInList = (value: unknown, values: readonly string[]): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (typeof value === 'string' && values.includes(value));

/** The first written value that is not in its attribute's list (lists: key → values). */
export function firstOutsideList(
  written: readonly WrittenValue[],
  lists: ReadonlyMap<string, readonly string[]>,
): WrittenValue | null {
  for (const w of written) {
    const values = lists.get(w.key);
    if (values && !allowedInList(w.value, values)) return w;
  }
  return null;
}
