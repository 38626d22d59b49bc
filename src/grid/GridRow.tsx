// One virtual row of the WBS grid: the gutter, then a cell per displayed column. Memoized with a
// precise equality so that a keystroke re-renders only the rows it touched.

import { memo } from 'react';
import type { CellTextContext } from '../state/workbench/cell-text';
import { cellText } from '../state/workbench/cell-text';
import { columnDef } from '../state/workbench/columns';
import type { CellIssue, ColumnLayout, RowView } from '../state/workbench/types';
import { CellEditor } from './CellEditor';
import type { ColumnGeometry } from './layout';
import { GUTTER } from './layout';

export interface GridRowProps {
  readonly view: RowView;
  readonly top: number;
  readonly height: number;
  readonly cols: readonly ColumnLayout[];
  readonly geo: ColumnGeometry;
  readonly frozen: number;
  /** Selected column range in this row, or null. */
  readonly selFrom: number;
  readonly selTo: number;
  readonly focusCol: number;
  readonly editing: { readonly col: number; readonly initial: string | null } | null;
  readonly issues: ReadonlyMap<string, CellIssue>;
  readonly ctx: CellTextContext;
  readonly gridId: string;
  readonly onToggle: (id: string, open: boolean) => void;
}

export function cellId(gridId: string, row: number, col: number): string {
  return `${gridId}-r${row}-c${col}`;
}

function GridRowImpl(p: GridRowProps) {
  const { view, cols, geo, frozen, ctx } = p;
  const r = view.row;
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
        const def = columnDef(c.id);
        const selected = i >= p.selFrom && i <= p.selTo;
        const issue = p.issues.get(`${r.id}|${def.id}`);
        const editing = p.editing?.col === i;
        const name = def.id === 'name';
        let cls = `wb-cell wb-align-${def.align}`;
        if (name) cls += ' wb-cell-name';
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
            title={issue ? ctx.t(issue.messageKey) : undefined}
            className={cls}
            style={{ width: c.width }}
            data-col={i}
          >
            {editing ? (
              <CellEditor view={view} def={def} initial={p.editing!.initial} ctx={ctx} />
            ) : name ? (
              <NameContent view={view} text={cellText(view, def, ctx)} t={ctx.t} onToggle={p.onToggle} />
            ) : (
              cellText(view, def, ctx)
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
      <span className="wb-indent" style={{ width: view.level * 16 + 16 }}>
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
    va.critical === vb.critical &&
    va.tree === vb.tree &&
    va.level === vb.level &&
    va.expanded === vb.expanded &&
    va.hasChildren === vb.hasChildren &&
    a.top === b.top &&
    a.height === b.height &&
    a.cols === b.cols &&
    a.frozen === b.frozen &&
    a.selFrom === b.selFrom &&
    a.selTo === b.selTo &&
    a.focusCol === b.focusCol &&
    a.editing === b.editing &&
    a.issues === b.issues &&
    a.ctx === b.ctx
  );
}

export const GridRow = memo(GridRowImpl, same);
