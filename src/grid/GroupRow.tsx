// A group's header row in a grouped grid (a layout's "group by", up to three levels, inner ones
// indented). Its label — the fold triangle, the column and the value, how many activities the
// group holds — fills the frozen columns (at least the first), so it stays in view while the grid
// scrolls sideways; every other column shows the group's roll-up as a summary row shows its own
// (domain/wbs/group-columns.ts: sums, earliest start, latest finish, smallest float, percent
// complete). The label names the span and percent itself only while their columns are not shown.
// Not a WBS row: nothing in it is edited.

import { memo } from 'react';
import { formatDate } from '../domain/format';
import type { RowGroup } from '../domain/wbs/arrange';
import type { GroupValues } from '../domain/wbs/group-columns';
import type { CellTextContext } from '../state/workbench/cell-text';
import { groupCellText } from '../state/workbench/group-values';
import type { ColumnId } from '../state/workbench/types';
import type { SpecialFrame } from './Grid';
import { GUTTER } from './layout';

export interface GroupRowProps {
  readonly id: string;
  readonly group: RowGroup;
  /** Its rows hidden. */
  readonly folded: boolean;
  readonly onToggle: (id: string, open: boolean) => void;
  readonly index: number;
  readonly top: number;
  readonly height: number;
  readonly frame: SpecialFrame;
  readonly align: (id: ColumnId) => 'left' | 'right' | 'center';
  readonly column: string;
  readonly selected: boolean;
  /** The group's roll-up by column (start, finish and progress always among them when known). */
  readonly values: GroupValues;
  readonly ctx: CellTextContext;
}

function GroupRowImpl(p: GroupRowProps) {
  const { group, ctx, values } = p;
  const { cols, geo, frozen, win } = p.frame;
  // The label's columns: the frozen ones, at least the first.
  const lead = Math.min(cols.length, Math.max(frozen, 1));
  const labelWidth = lead > 0 ? geo.left[lead - 1]! + cols[lead - 1]!.width - GUTTER : 0;
  const inCells = (id: ColumnId) => cols.some((c, i) => i >= lead && c.id === id);
  const value = group.value === '' ? ctx.t('grid.group_none') : group.value;
  const start = values.get('start');
  const finish = values.get('finish');
  const percent = values.get('progress');
  const date = (m: number) => formatDate(m, 'DD.MM.YY', ctx.lang);
  // A finish at midnight ends the day before (as the finish column shows it).
  const end = (m: number) => date(m % 1440 === 0 ? m - 1 : m);
  const span = start !== undefined && finish !== undefined ? ` · ${date(start)} – ${end(finish)}` : '';
  const pct =
    percent !== undefined ? ` · ${ctx.t('grid.group_percent', { value: Math.round(percent) })}` : '';
  const count = ctx.t('grid.group_rows', { count: group.rows.length });
  const label = ctx.t('grid.group_label', { column: p.column, value });
  const spanShown = inCells('start') && inCells('finish');
  const pctShown = inCells('progress');
  // The first scrolling cell rendered stands where it would after the ones left out.
  const first = Math.max(lead, win.from);
  const skipped =
    lead > 0 && first < cols.length ? geo.left[first]! - (geo.left[lead - 1]! + cols[lead - 1]!.width) : 0;
  return (
    <div
      role="row"
      aria-rowindex={p.index + 2}
      aria-selected={p.selected}
      aria-expanded={!p.folded}
      aria-level={(group.level ?? 0) + 1}
      className={`wb-row wb-row-group${p.selected ? ' wb-row-selected' : ''}`}
      style={{ top: p.top, height: p.height, width: geo.total }}
      data-row={p.index}
      data-group={group.value}
      data-level={group.level ?? 0}
      // A click anywhere on the header selects it (as its first cell), for the keyboard's fold.
      data-col={0}
    >
      <div className="wb-gutter" role="rowheader" style={{ width: GUTTER }} aria-label={label}>
        {p.index + 1}
      </div>
      <div
        role="gridcell"
        aria-colspan={lead}
        aria-readonly
        className="wb-cell wb-group-cell wb-cell-frozen wb-cell-frozen-last wb-clip"
        title={`${label} · ${count}${span}${pct}`}
        // Inner levels indent under their outer header.
        style={{ width: labelWidth, paddingLeft: 4 + (group.level ?? 0) * 18 }}
      >
        <button
          type="button"
          tabIndex={-1}
          className="wb-toggle"
          aria-label={ctx.t(p.folded ? 'grid.expand' : 'grid.collapse')}
          aria-expanded={!p.folded}
          onMouseDown={(e) => {
            // The grid keeps the keyboard focus and its selection.
            e.stopPropagation();
            e.preventDefault();
          }}
          onClick={() => p.onToggle(p.id, p.folded)}
        >
          {p.folded ? '▸' : '▾'}
        </button>{' '}
        <span className="wb-group-column">{p.column}:</span> <span className="wb-group-value">{value}</span>
        <span className="wb-group-summary">
          {count}
          {!spanShown && span}
          {!pctShown && pct}
        </span>
      </div>
      {cols.map((c, i) => {
        if (i < first || i > win.to) return null;
        return (
          <div
            key={c.id}
            role="gridcell"
            aria-colindex={i + 2}
            aria-readonly
            className={`wb-cell wb-align-${p.align(c.id)} wb-group-value-cell`}
            style={i === first && skipped > 0 ? { width: c.width, marginLeft: skipped } : { width: c.width }}
            data-field={c.id}
          >
            {groupCellText(c.id, values, ctx)}
          </div>
        );
      })}
    </div>
  );
}

export const GroupRow = memo(GroupRowImpl);
