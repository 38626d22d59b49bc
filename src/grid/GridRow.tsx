// One virtual row of the WBS grid: the gutter, then a cell per displayed column. Memoized with a
// precise equality so that a keystroke re-renders only the rows it touched.

import { memo } from 'react';
import type { CellTextContext } from '../state/workbench/cell-text';
import { cellText } from '../state/workbench/cell-text';
import { columnDef } from '../state/workbench/columns';
import type { CellIssue, ColumnLayout, RowView } from '../state/workbench/types';
import { issueOf } from '../state/workbench/types';
import { CellEditor } from './CellEditor';
import type { ColumnGeometry } from './layout';
import { GUTTER, type ColumnWindow } from './layout';
import type { TextFit } from './text-fit';

export interface GridRowProps {
  readonly view: RowView;
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
  readonly ctx: CellTextContext;
  /** Measures cell texts: only a text that overflows its cell gets the clip. */
  readonly fit: TextFit;
  readonly gridId: string;
  readonly onToggle: (id: string, open: boolean) => void;
}

export function cellId(gridId: string, row: number, col: number): string {
  return `${gridId}-r${row}-c${col}`;
}

/** A cell's horizontal padding and right border (wb-cell), and the name's indent per level. */
const CELL_CHROME = 13;
const INDENT = 16;

function GridRowImpl(p: GridRowProps) {
  const { view, cols, geo, frozen, win, ctx, fit } = p;
  // The first rendered scrolling column stands where it would after the ones left out.
  const skipped = win.from > frozen ? geo.left[win.from]! - geo.left[frozen]! : 0;
  const r = view.row;
  const bold = r.nodeType === 'sum';
  const classes = ['wb-row'];
  if (r.nodeType === 'sum') classes.push('wb-row-sum');
  if (view.critical) classes.push('wb-row-critical');
  if (p.selFrom >= 0) classes.push('wb-row-selected');
  return (
    <div
      role="row"
      aria-rowindex={view.index + 2}
      aria-selected={p.selFrom >= 0}
      className={classes.join(' ')}
      style={{ top: p.top, height: p.height, width: geo.total }}
      data-row={view.index}
    >
      <div className="wb-gutter" role="rowheader" style={{ width: GUTTER }} aria-label={view.outline}>
        {view.index + 1}
      </div>
      {cols.map((c, i) => {
        if (i >= frozen && (i < win.from || i > win.to)) return null;
        const def = columnDef(c.id);
        const selected = i >= p.selFrom && i <= p.selTo;
        const issue = issueOf(p.issues, r.id, def.id);
        const editing = p.editing?.col === i;
        const name = def.id === 'name';
        const text = editing ? '' : cellText(view, def, ctx);
        const room = c.width - CELL_CHROME - (name ? view.level * INDENT + INDENT : 0);
        let cls = `wb-cell wb-align-${def.align}`;
        if (name) cls += ' wb-cell-name';
        const clipped = !editing && !fit.fits(text, bold, room);
        if (clipped) cls += ' wb-clip';
        if (editing) cls += ' wb-cell-editing';
        if (selected) cls += ' wb-cell-selected';
        if (i === p.focusCol) cls += ' wb-cell-focus';
        if (issue) cls += ' wb-cell-issue';
        if (i < frozen) cls += ' wb-cell-frozen';
        if (i === frozen - 1) cls += ' wb-cell-frozen-last';
        return (
          <div
            key={c.id}
            id={cellId(p.gridId, view.index, i)}
            role="gridcell"
            aria-colindex={i + 2}
            aria-selected={selected}
            aria-readonly={def.domain.kind === 'readonly' || undefined}
            aria-invalid={issue ? true : undefined}
            title={
              issue
                ? ctx.t(issue.messageKey, { value: issue.value, ...issue.params })
                : clipped
                  ? text
                  : undefined
            }
            className={cls}
            style={
              i === win.from && skipped > 0 ? { width: c.width, marginLeft: skipped } : { width: c.width }
            }
            data-col={i}
          >
            {editing ? (
              <CellEditor view={view} def={def} initial={p.editing!.initial} ctx={ctx} />
            ) : name ? (
              <NameContent view={view} text={text} t={ctx.t} onToggle={p.onToggle} />
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
  readonly t: CellTextContext['t'];
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

function same(a: GridRowProps, b: GridRowProps): boolean {
  const va = a.view;
  const vb = b.view;
  return (
    va.row === vb.row &&
    va.index === vb.index &&
    Object.is(va.es, vb.es) &&
    Object.is(va.ef, vb.ef) &&
    Object.is(va.tf, vb.tf) &&
    Object.is(va.ff, vb.ff) &&
    Object.is(va.percentComplete, vb.percentComplete) &&
    va.critical === vb.critical &&
    va.tree === vb.tree &&
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
    a.ctx === b.ctx &&
    a.fit === b.fit
  );
}

export const GridRow = memo(GridRowImpl, same);
