// Selection and view commands: cell moves, range extension, expand/collapse, zoom. View changes
// never enter history (STYLE 3).

import type { Command } from './commands';
import { displayedColumns } from './columns';
import { expandToLevel, setExpanded } from './data';
import type { Move } from './selection';
import { moveSelection } from './selection';
import type { WorkbenchState } from './store';
import { workbench } from './store';
import { pxPerMinute, xToTime, zoomStep } from '../../gantt/timescale';
import type { ScaleUnit } from './types';

export function bounds(s: WorkbenchState) {
  return {
    rows: s.visible.ids.length,
    cols: displayedColumns(s.columns).length,
    page: Math.max(1, Math.floor(s.viewportHeight / s.rowHeight) - 1),
  };
}

function mover(id: string, move: Move, extend: boolean): Command {
  return {
    id,
    labelKey: `cmd.${id}`,
    perform: () => {
      const s = workbench.get();
      workbench.set({ selection: moveSelection(s.selection, move, extend, bounds(s)), editing: null });
    },
  };
}

/** Change scale or zoom keeping the time at the left edge of the chart where it is. */
export function setScale(unit: ScaleUnit, zoom: number): void {
  const { timescale } = workbench.get();
  const left = xToTime(timescale, 0);
  const next = { ...timescale, unit, zoom };
  workbench.set({
    timescale: { ...next, scrollLeft: Math.max(0, (left - next.origin) * pxPerMinute(next)) },
  });
}

function zoom(dir: 1 | -1): void {
  const next = zoomStep(workbench.get().timescale, dir);
  setScale(next.unit, next.zoom);
}

function focusedId(s: WorkbenchState): string | undefined {
  const id = s.visible.ids[s.selection.focus.row];
  // A group's header row (a grouped layout) is not a row of the version.
  return id !== undefined && s.wbs.doc.rows.has(id) ? id : undefined;
}

/** The focused row or group header (a grouped layout's headers fold as summaries do). */
function foldableId(s: WorkbenchState): string | undefined {
  const id = s.visible.ids[s.selection.focus.row];
  return id !== undefined && s.visible.groups?.has(id) ? id : focusedId(s);
}

export const navCommands: readonly Command[] = [
  mover('moveUp', 'up', false),
  mover('moveDown', 'down', false),
  mover('moveLeft', 'left', false),
  mover('moveRight', 'right', false),
  mover('extendUp', 'up', true),
  mover('extendDown', 'down', true),
  mover('extendLeft', 'left', true),
  mover('extendRight', 'right', true),
  mover('nextCell', 'next', false),
  mover('prevCell', 'prev', false),
  mover('rowStart', 'home', false),
  mover('rowEnd', 'end', false),
  mover('firstCell', 'docStart', false),
  mover('lastCell', 'docEnd', false),
  mover('pageUp', 'pageUp', false),
  mover('pageDown', 'pageDown', false),
  {
    id: 'selectToFirstRow',
    labelKey: 'cmd.selectToFirstRow',
    perform: () => {
      const s = workbench.get();
      workbench.set({
        selection: { anchor: s.selection.anchor, focus: { row: 0, col: s.selection.focus.col } },
      });
    },
  },
  {
    id: 'selectToLastRow',
    labelKey: 'cmd.selectToLastRow',
    perform: () => {
      const s = workbench.get();
      const last = Math.max(0, s.visible.ids.length - 1);
      workbench.set({
        selection: { anchor: s.selection.anchor, focus: { row: last, col: s.selection.focus.col } },
      });
    },
  },
  {
    id: 'selectAll',
    labelKey: 'cmd.selectAll',
    perform: () => {
      const b = bounds(workbench.get());
      workbench.set({
        selection: { anchor: { row: 0, col: 0 }, focus: { row: Math.max(0, b.rows - 1), col: b.cols - 1 } },
      });
    },
  },
  {
    id: 'expandRow',
    labelKey: 'cmd.expandRow',
    perform: () => {
      const id = foldableId(workbench.get());
      if (id) setExpanded([id], true);
    },
  },
  {
    id: 'collapseRow',
    labelKey: 'cmd.collapseRow',
    perform: () => {
      const id = foldableId(workbench.get());
      if (id) setExpanded([id], false);
    },
  },
  { id: 'expandAll', labelKey: 'cmd.expandAll', perform: () => expandToLevel(Infinity) },
  ...[1, 2, 3].map((level) => ({
    id: `showLevel${level}`,
    labelKey: `cmd.showLevel`,
    perform: () => expandToLevel(level),
  })),
  { id: 'zoomIn', labelKey: 'cmd.zoomIn', perform: () => zoom(1) },
  { id: 'zoomOut', labelKey: 'cmd.zoomOut', perform: () => zoom(-1) },
  {
    id: 'toggleResourceGantt',
    labelKey: 'cmd.toggleResourceGantt',
    perform: () => workbench.set({ ganttView: workbench.get().ganttView === 'task' ? 'resource' : 'task' }),
  },
  {
    id: 'find',
    labelKey: 'cmd.find',
    perform: () => workbench.set({ find: { ...workbench.get().find, open: true } }),
  },
];
