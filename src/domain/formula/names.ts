// How a formula's names become field ids: a grid column by its id (case-insensitive: duration,
// Volume), an attribute by its key or its name (`attr:<key>`), or the `attr:<key>` id itself.

export interface NamedAttribute {
  readonly key: string;
  readonly name: string;
}

export function nameResolver(
  columns: readonly string[],
  attributes: readonly NamedAttribute[],
): (name: string) => string | null {
  const byName = new Map<string, string>();
  for (const c of columns) byName.set(c.toLowerCase(), c);
  // Attribute names after columns: a column id is never shadowed by an attribute's name.
  for (const a of attributes) {
    const id = `attr:${a.key}`;
    byName.set(id.toLowerCase(), id);
    if (!byName.has(a.key.toLowerCase())) byName.set(a.key.toLowerCase(), id);
    if (!byName.has(a.name.toLowerCase())) byName.set(a.name.toLowerCase(), id);
  }
  return (name) => byName.get(name.trim().toLowerCase()) ?? null;
}

/** The grid columns a formula may read (values as the grid shows them; duration in working days). */
export const FORMULA_COLUMNS = ['code', 'name', 'type', 'duration', 'progress', 'volume', 'price'] as const;
