// A group's header row in a grouped grid (a layout's "group by", up to three levels, inner ones
// indented): its fold triangle, the column and the value, how many activities the group holds,
// their span (earliest start – latest finish of the schedule) and percent complete rolled up as a
// summary's, folded or not. Not a WBS row: nothing in it is edited.

import { memo } from 'react';
import { formatDate } from '../domain/format';
import type { RowGroup } from '../domain/wbs/arrange';
import { groupSpan } from '../domain/wbs/group-summary';
import type { CellTextContext } from '../state/workbench/cell-text';
import type { ScheduleSnapshot } from '../state/workbench/schedule-snapshot';
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
  readonly width: number;
  readonly column: string;
  readonly selected: boolean;
  readonly schedule: ScheduleSnapshot | null;
  /** Percent complete rolled up over the group (null: not known). */
  readonly percent: number | null;
  readonly ctx: CellTextContext;
}

function GroupRowImpl(p: GroupRowProps) {
  const { group, ctx } = p;
  const value = group.value === '' ? ctx.t('grid.group_none') : group.value;
  const [start, finish] = groupSpan(group.rows, p.schedule);
  const date = (m: number) => formatDate(m, 'DD.MM.YY', ctx.lang);
  // A finish at midnight ends the day before (as the finish column shows it).
  const end = (m: number) => date(m % 1440 === 0 ? m - 1 : m);
  const label = ctx.t('grid.group_label', { column: p.column, value });
  return (
    <div
      role="row"
      aria-rowindex={p.index + 2}
      aria-selected={p.selected}
      aria-expanded={!p.folded}
      aria-level={(group.level ?? 0) + 1}
      className={`wb-row wb-row-group${p.selected ? ' wb-row-selected' : ''}`}
      style={{ top: p.top, height: p.height, width: p.width }}
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
        aria-colspan={1000}
        aria-readonly
        className="wb-cell wb-group-cell"
        // Inner levels indent under their outer header.
        style={{ paddingLeft: 4 + (group.level ?? 0) * 18 }}
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
          {ctx.t('grid.group_rows', { count: group.rows.length })}
          {Number.isFinite(start) && Number.isFinite(finish) && ` · ${date(start)} – ${end(finish)}`}
          {p.percent !== null && ` · ${ctx.t('grid.group_percent', { value: Math.round(p.percent) })}`}
        </span>
      </div>
    </div>
  );
}

export const GroupRow = memo(GroupRowImpl);
