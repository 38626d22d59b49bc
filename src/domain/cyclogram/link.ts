// The cyclogram beside the grid: which works a grid selection lights up, and where a dragged
// segment lands. Pure; the workbench's state module feeds it.

const DAY = 1440;

/**
 * The rows a grid selection names, as the cyclogram marks them: each selected row and every row
 * under a selected summary (selecting "Level 3" lights up every work on that floor).
 */
export function rowsUnder(
  selected: Iterable<string>,
  children: (id: string) => readonly string[],
): Set<string> {
  const out = new Set<string>();
  const stack = [...selected];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    for (const c of children(id)) if (!out.has(c)) stack.push(c);
  }
  return out;
}

/**
 * A segment dragged `dx` CSS pixels at `pxPerDay`: the whole days it moves (the Gantt's drag
 * snaps to days too), in minutes. A twitch under half a day moves nothing.
 */
export function dragMinutes(dx: number, pxPerDay: number): number {
  if (!Number.isFinite(dx) || !(pxPerDay > 0)) return 0;
  // Rounded away from zero at a half (as far left as right: Math.round rounds -2.5 to -2).
  const days = Math.sign(dx) * Math.round(Math.abs(dx) / pxPerDay);
  return days === 0 ? 0 : days * DAY;
}
