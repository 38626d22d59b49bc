// The cyclogram beside the grid (issue 19): built from the workbench's own rows and schedule
// results, so it follows every edit (one's own, an undo, a peer's) as the Gantt does; a click on a
// segment selects its row in the grid, the grid's selection lights up its works, and a drag of a
// segment is the Gantt's bar move — one command, one undo step.

import { buildCyclogram, colorsOf, groupReader, rowsUnder } from '../../domain/cyclogram';
import type { CycloActivity, Cyclogram, CycloLine, SourcedRow } from '../../domain/cyclogram';
import { ROOT } from '../../domain/wbs';
import type { RowId } from '../../domain/wbs';
import { moveBar } from './bar-commands';
import { selectRowById } from './find';
import type { WorkbenchState } from './store';
import { workbench } from './store';
import { rangeOf, selectedRows } from './types';

export interface WorkbenchCycloLine extends CycloLine {
  readonly color: string;
}
export interface WorkbenchCyclogram extends Omit<Cyclogram, 'lines'> {
  readonly lines: readonly WorkbenchCycloLine[];
}

/** Where the locations and the kinds come from when the address does not say. */
export function defaultGrouping(labels: ReadonlyMap<string, string>): { loc: string; kind: string } {
  return {
    loc: labels.has('Location') ? 'Location' : 'wbs:2',
    kind: labels.has('Work type') ? 'Work type' : 'name',
  };
}

/** An activity's start and finish as the chart draws it: actual, else early (NaN: not scheduled). */
export function datesOf(s: WorkbenchState, id: RowId): [number, number] | null {
  const row = s.wbs.doc.rows.get(id);
  const sch = s.schedule;
  const p = sch?.position.get(id);
  if (!row || !sch || p === undefined) return null;
  const es = sch.es[p]!;
  const ef = sch.ef[p]!;
  const start = row.actualStart ?? (es >= 0 ? es : NaN);
  const finish = row.actualFinish ?? (ef >= 0 ? ef : NaN);
  return Number.isFinite(start) && Number.isFinite(finish) ? [start, finish] : null;
}

/** The version's cyclogram: its activities in WBS order (drafts and the rows under them left out). */
export function workbenchCyclogram(
  s: WorkbenchState,
  locationBy: string,
  kindBy: string,
  saved: Readonly<Record<string, string>> = {},
): WorkbenchCyclogram {
  const rows = s.wbs.doc.rows;
  const children = s.wbs.index.children;
  const order: SourcedRow[] = [];
  const stack = [...(children.get(ROOT) ?? [])].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    const r = rows.get(id);
    if (!r || r.nodeType === 'draft') continue;
    order.push({ id, parent_id: r.parentId, name: r.name, attributes: r.attributes });
    const kids = children.get(id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  const locationOf = groupReader(order, locationBy);
  const kindOf = groupReader(order, kindBy);
  const acts: CycloActivity[] = [];
  for (const sr of order) {
    const r = rows.get(sr.id)!;
    if (r.nodeType === 'sum') continue;
    // The page's filter (address `filter` / `filter_indicator`): the chart shows what the grid and
    // the Gantt show.
    if (s.filterShown && !s.filterShown.has(sr.id)) continue;
    const d = datesOf(s, sr.id);
    if (!d) continue;
    acts.push({
      id: sr.id,
      code: r.code ?? '',
      name: r.name,
      location: locationOf(sr),
      kind: kindOf(sr),
      start: d[0],
      finish: d[1],
      percent: r.percentComplete,
    });
  }
  const c = buildCyclogram(acts);
  const colors = colorsOf(
    c.lines.map((l) => l.kind),
    saved,
  );
  return { ...c, lines: c.lines.map((l) => ({ ...l, color: colors[l.kind]! })) };
}

/** The rows the grid's selection names, with every row under a selected summary. */
export function selectedRowIds(s: WorkbenchState): Set<RowId> {
  const ids: RowId[] = [];
  for (const i of selectedRows(s.selection)) {
    const id = s.visible.ids[i];
    if (id !== undefined) ids.push(id);
  }
  return rowsUnder(ids, (id) => s.wbs.index.children.get(id) ?? []);
}

/**
 * A segment clicked: its row becomes the grid's selection (its parents opened, scrolled into
 * view). With `add` (Ctrl or Shift) the rows selected before stay selected beside it.
 */
export function selectSegment(id: RowId, add = false): boolean {
  const before = workbench.get();
  if (!selectRowById(id)) return false;
  const now = workbench.get();
  // Opening collapsed parents renumbers the rows: the earlier ranges would point elsewhere.
  if (add && now.visible === before.visible) {
    const prev = before.selection;
    const extra = [...(prev.extra ?? []), rangeOf(prev)];
    workbench.set({ selection: { ...now.selection, extra } });
  }
  return true;
}

/**
 * A segment dragged by `minutes`: the activity moves as a Gantt bar drag moves it (a "not
 * earlier than" start limit at its new start), one command and one undo step.
 */
export function moveSegment(id: RowId, minutes: number): boolean {
  const s = workbench.get();
  const d = datesOf(s, id);
  if (!d || minutes === 0 || s.version?.locked) return false;
  moveBar(id, d[0] + minutes);
  return true;
}
