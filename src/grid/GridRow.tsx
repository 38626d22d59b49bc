// One virtual row of the WBS grid: the gutter, then a cell per displayed column. Memoized with a
// precise equality so that a keystroke re-renders only the rows it touched.

import { memo } from 'react';
import type { CellIssue, ColumnLayout } from '../state/workbench/types';
import { issueOf } from '../state/workbench/types';
import { CellEditor } from './CellEditor';
import { ChoicePicker } from './ChoicePicker';
import type { EditThen, GridCells, GridRowView } from './grid-host';
import type { ColumnGeometry } from './layout';
import { GUTTER, type ColumnWindow } from './layout';
import type { TextFit } from './text-fit';

export interface GridRowProps<V extends GridRowView = GridRowView> {
  readonly view: V;
  readonly top: number;
  readonly height: number;
  readonly cols: readonly ColumnLayout[];
  readonly geo: ColumnGeometry;
  readonly frozen: number;
  /** The scrolling columns rendered (the others are out of view horizontally). */
  readonly win: ColumnWindow;
  /** Selected column range in this row, or null. */
  readonly selFrom: number;
  readonly selTo: number;
  readonly focusCol: number;
  readonly editing: { readonly col: number; readonly initial: string | null } | null;
  readonly issues: ReadonlyMap<string, CellIssue>;
  /** How the cells read (one object per text context). */
  readonly cells: GridCells<V>;
  /** Measures cell texts: only a text that overflows its cell gets the clip. */
  readonly fit: TextFit;
  readonly gridId: string;
  readonly onToggle: (id: string, open: boolean) => void;
  readonly onCommit: (text: string, then: EditThen) => void;
  readonly onCancel: () => void;
}

export function cellId(gridId: string, row: number, col: number): string {
  return `${gridId}-r${row}-c${col}`;
}

/** A cell's horizontal padding and right border (wb-cell), and the name's indent per level. */
const CELL_CHROME = 13;
const INDENT = 16;

function GridRowImpl<V extends GridRowView>(p: GridRowProps<V>) {
  const { view, cols, geo, frozen, win, cells, fit } = p;
  // The first rendered scrolling column stands where it would after the ones left out.
  const skipped = win.from > frozen ? geo.left[win.from]! - geo.left[frozen]! : 0;
  const r = view.row;
  const bold = cells.bold(view);
  const classes = ['wb-row'];
  const extra = cells.rowClass(view);
  const note = cells.rowNote?.(view) ?? '';
  if (extra) classes.push(extra);
  if (p.selFrom >= 0) classes.push('wb-row-selected');
  return (
    <div
      role="row"
      aria-rowindex={view.index + 2}
      aria-selected={p.selFrom >= 0}
      className={classes.join(' ')}
      style={{ top: p.top, height: p.height, width: geo.total }}
      data-row={view.index}
      data-id={r.id}
    >
      <div
        className="wb-gutter"
        role="rowheader"
        style={{ width: GUTTER }}
        aria-label={note ? `${view.outline} — ${note}` : view.outline}
        title={note || undefined}
      >
        {view.index + 1}
      </div>
      {cols.map((c, i) => {
        if (i >= frozen && (i < win.from || i > win.to)) return null;
        const selected = i >= p.selFrom && i <= p.selTo;
        const issue = issueOf(p.issues, r.id, c.id);
        const editing = p.editing?.col === i;
        const name = c.id === cells.treeColumn;
        const text = editing ? '' : cells.text(view, c.id, 'display');
        const room = c.width - CELL_CHROME - (name ? view.level * INDENT + INDENT : 0);
        let cls = `wb-cell wb-align-${cells.align(c.id)}`;
        if (name) cls += ' wb-cell-name';
        const clipped = !editing && !fit.fits(text, bold, room);
        if (clipped) cls += ' wb-clip';
        if (editing) cls += ' wb-cell-editing';
        if (selected) cls += ' wb-cell-selected';
        if (i === p.focusCol) cls += ' wb-cell-focus';
        if (issue) cls += ' wb-cell-issue';
        if (i < frozen) cls += ' wb-cell-frozen';
        if (i === frozen - 1) cls += ' wb-cell-frozen-last';
        const more = cells.cellClass?.(view, c.id);
        if (more) cls += ` ${more}`;
        return (
          <div
            key={c.id}
            id={cellId(p.gridId, view.index, i)}
            role="gridcell"
            aria-colindex={i + 2}
            aria-selected={selected}
            aria-readonly={cells.readOnly(c.id) || undefined}
            aria-invalid={issue ? true : undefined}
            title={issue ? cells.issueText(issue) : clipped ? text : undefined}
            className={cls}
            style={
              i === win.from && skipped > 0 ? { width: c.width, marginLeft: skipped } : { width: c.width }
            }
            data-col={i}
            data-field={c.id}
          >
            {editing && cells.choices?.(view, c.id) ? (
              <ChoicePicker
                current={cells.text(view, c.id, 'edit')}
                initial={p.editing!.initial}
                label={cells.label(c.id)}
                choices={cells.choices(view, c.id)!}
                empty={cells.noChoices?.(c.id)}
                t={cells.t}
                onCommit={p.onCommit}
                onCancel={p.onCancel}
              />
            ) : editing ? (
              <CellEditor
                text={p.editing!.initial ?? cells.text(view, c.id, 'edit')}
                restart={p.editing!.initial}
                label={cells.label(c.id)}
                options={cells.options(view, c.id)}
                onCommit={p.onCommit}
                onCancel={p.onCancel}
              />
            ) : name ? (
              <NameContent view={view} text={text} t={cells.t} onToggle={p.onToggle} />
            ) : (
              text
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The name cell: indentation, the expand toggle of a parent, then the name. */
interface NameContentProps extends Pick<GridRowProps, 'view' | 'onToggle'> {
  readonly text: string;
  readonly t: GridCells<GridRowView>['t'];
}

function NameContent({ view, text, t, onToggle }: NameContentProps) {
  return (
    <>
      <span className="wb-indent" style={{ width: view.level * INDENT + INDENT }}>
        {view.hasChildren && (
          <button
            type="button"
            tabIndex={-1}
            className="wb-toggle"
            aria-label={t(view.expanded ? 'grid.collapse' : 'grid.expand')}
            aria-expanded={view.expanded}
            onMouseDown={(e) => e.stopPropagation()}
            onClick={() => onToggle(view.row.id, !view.expanded)}
          >
            {view.expanded ? '▾' : '▸'}
          </button>
        )}
      </span>
      <span className="wb-text">{text}</span>
    </>
  );
}

function same<V extends GridRowView>(a: GridRowProps<V>, b: GridRowProps<V>): boolean {
  const va = a.view;
  const vb = b.view;
  return (
    va.row === vb.row &&
    va.index === vb.index &&
    a.cells === b.cells &&
    a.cells.same(va, vb) &&
    va.level === vb.level &&
    va.expanded === vb.expanded &&
    va.hasChildren === vb.hasChildren &&
    a.top === b.top &&
    a.height === b.height &&
    a.cols === b.cols &&
    a.frozen === b.frozen &&
    a.win === b.win &&
    a.selFrom === b.selFrom &&
    a.selTo === b.selTo &&
    a.focusCol === b.focusCol &&
    a.editing === b.editing &&
    a.issues === b.issues &&
    a.fit === b.fit &&
    a.onCommit === b.onCommit &&
    a.onCancel === b.onCancel
  );
}

export const GridRow = memo(GridRowImpl, same) as <V extends GridRowView>(
  p: GridRowProps<V>,
) => React.JSX.Element;
