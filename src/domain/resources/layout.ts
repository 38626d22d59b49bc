// A member's saved layout of the Resources grid (GET/PUT resource-layout) laid over the screen's
// columns: the saved order, widths and visibility of the columns the screen has, then any column
// the layout does not name (one added since) at its default place at the end, shown; a column the
// screen no longer has is left out; the name column is always shown; the frozen count stays
// within the shown columns.

export interface LayoutColumn {
  readonly id: string;
  readonly width: number;
  readonly visible: boolean;
}

export interface GridLayout {
  readonly columns: readonly LayoutColumn[];
  readonly frozen: number;
}

export const MIN_WIDTH = 36;

export function applyLayout(saved: GridLayout, defaults: readonly LayoutColumn[]): GridLayout {
  const known = new Map(defaults.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const columns: LayoutColumn[] = [];
  for (const c of saved.columns) {
    if (!known.has(c.id) || seen.has(c.id)) continue;
    seen.add(c.id);
    columns.push({
      id: c.id,
      width: Math.max(MIN_WIDTH, Math.round(c.width)),
      visible: c.id === 'name' ? true : c.visible,
    });
  }
  for (const c of defaults) if (!seen.has(c.id)) columns.push({ ...c, visible: true });
  const shown = columns.filter((c) => c.visible).length;
  return { columns, frozen: Math.max(0, Math.min(shown, Math.floor(saved.frozen))) };
}
