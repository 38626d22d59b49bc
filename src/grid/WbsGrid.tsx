// The workbench's WBS grid: the grid (Grid.tsx) on the version store. Its rows are the visible
// rows of the store (group headers of a grouped layout among them), its commands the workbench's
// registry (commands.ts, keys in keybindings.ts), its edits and pastes the WBS commands
// (commands-edit.ts: one undo step each); the find bar and the column menu are the workbench's.

import { groupLevels } from '../domain/wbs/arrange';
import type { GroupValues } from '../domain/wbs/group-columns';
import { useCallback, useEffect, useMemo } from 'react';
import { useCostStaleLoad, useCostStaleMarks } from './cost-stale';
import type { CellTextContext } from '../state/workbench/cell-text';
import { cellText } from '../state/workbench/cell-text';
import { columnDef, columnLabel } from '../state/workbench/columns';
import { runCommand } from '../state/workbench/commands';
import {
  cancelEdit,
  commitEdit,
  copyMatrix,
  pasteAtFocus,
  startEdit,
} from '../state/workbench/commands-edit';
import { expandToLevel, rowAt, setExpanded } from '../state/workbench/data';
import { executorOfRow, rowExecutorChoices } from '../state/workbench/executor-column';
import { useRowPeople, watchRowPeople } from '../state/row-people';
import { useWorkbench, workbench } from '../state/workbench/store';
import type { ColumnId, ColumnLayout, RowView } from '../state/workbench/types';
import { ColumnMenu } from './ColumnMenu';
import { FindBar } from './FindBar';
import { Grid } from './Grid';
import type { SpecialFrame } from './Grid';
import type { GridCells, GridHost } from './grid-host';
import { groupValuesOf } from '../state/workbench/group-values';
import { GroupRow } from './GroupRow';
import { setColumnVisible } from './layout';

const TYPE_OPTIONS = ['task', 'work', 'sum', 'milestone_start', 'milestone_finish', 'draft'];

const workbenchHost: GridHost<RowView> = {
  gridId: 'wbs-grid',
  store: {
    use: (selector) => useWorkbench(selector),
    get: () => workbench.get(),
    set: (p) => workbench.set(p),
    subscribe: (l) => workbench.subscribe(l),
  },
  useRows() {
    const visible = useWorkbench((s) => s.visible);
    useWorkbench((s) => s.wbs.doc.rows);
    useWorkbench((s) => s.schedule);
    useWorkbench((s) => s.target);
    useWorkbench((s) => s.expanded);
    return { count: visible.ids.length, at: (i) => rowAt(workbench.get(), i) };
  },
  command: (id) => {
    runCommand(id);
    return true;
  },
  startEdit,
  commitEdit,
  cancelEdit,
  copyMatrix,
  paste: pasteAtFocus,
  clear: () => void runCommand('clearCells'),
  setExpanded: (id, open) => setExpanded([id], open),
};

const toggleGroup = (id: string, open: boolean) => setExpanded([id], open);

const NO_VALUES: GroupValues = new Map();
/** The columns a header rolls up: the displayed ones and those its label reads. */
const LABEL_COLUMNS: readonly ColumnId[] = ['start', 'finish', 'progress'];
let lastCols: readonly ColumnLayout[] | null = null;
let lastRolled: readonly ColumnId[] = LABEL_COLUMNS;
function rolledColumns(cols: readonly ColumnLayout[]): readonly ColumnId[] {
  if (cols !== lastCols) {
    lastCols = cols;
    lastRolled = [...new Set([...cols.map((c) => c.id), ...LABEL_COLUMNS])];
  }
  return lastRolled;
}

/** A row's stale-cost note ('' when its cost is current; issue 28). */
type StaleNote = (id: string) => string;
/** The cost cells a stale row marks: the price and the labour hours update-costs wrote. */
const COST_COLUMNS = new Set<ColumnId>(['price', 'attr:costr_labour']);

/** The WBS rows' cells in a text context (dates, durations, calendars in the user's language). */
function wbsCells(ctx: CellTextContext, stale: StaleNote): GridCells<RowView> {
  return {
    treeColumn: 'name',
    align: (id) => columnDef(id).align,
    readOnly: (id) => !columnDef(id).person && columnDef(id).domain.kind === 'readonly',
    text: (view, id, mode) => cellText(view, columnDef(id), ctx, mode),
    rowClass: (v) =>
      [
        v.row.nodeType === 'sum' ? 'wb-row-sum' : '',
        v.critical ? 'wb-row-critical' : '',
        stale(v.row.id) ? 'wb-row-cost-stale' : '',
      ]
        .filter(Boolean)
        .join(' '),
    rowNote: (v) => stale(v.row.id),
    cellClass: (v, id) => (COST_COLUMNS.has(id) && stale(v.row.id) ? 'wb-cell-cost-stale' : ''),
    bold: (v) => v.row.nodeType === 'sum',
    options: (_v, id) => {
      const def = columnDef(id);
      if (def.id === 'type')
        return { id: 'wb-type-options', values: TYPE_OPTIONS.map((t) => ctx.t(`type.${t}`)) };
      return def.domain.kind === 'list' ? { id: 'wb-list-options', values: def.domain.options ?? [] } : null;
    },
    choices: (v, id) =>
      columnDef(id).person ? rowExecutorChoices(v.row.id) : (columnDef(id).choices ?? null),
    noChoices: (id) => (columnDef(id).person ? ctx.t('grid.picker_no_executors') : ''),
    // An attribute's editor is named by its column header (its key is no text).
    label: (id) => columnLabel(id, ctx.t, workbench.get().attributeLabels),
    issueText: (issue) => ctx.t(issue.messageKey, { value: issue.value, ...issue.params }),
    t: ctx.t,
    same: (va, vb) =>
      Object.is(va.es, vb.es) &&
      Object.is(va.ef, vb.ef) &&
      Object.is(va.tf, vb.tf) &&
      Object.is(va.ff, vb.ff) &&
      Object.is(va.percentComplete, vb.percentComplete) &&
      va.critical === vb.critical &&
      va.tree === vb.tree,
  };
}

export interface WbsGridProps {
  readonly ctx: CellTextContext;
  readonly t: (key: string, params?: Record<string, unknown>) => string;
  readonly label: string;
}

export function WbsGrid({ ctx, t, label }: WbsGridProps) {
  const versionId = useWorkbench((s) => s.versionId);
  const revision = useWorkbench((s) => s.version?.revision);
  useCostStaleLoad(versionId, revision);
  const stale = useCostStaleMarks(versionId);
  // The Executor column reads the version's row people while it is shown.
  const showsExecutor = useWorkbench((s) => s.columns.some((c) => c.id === 'executor' && c.visible));
  useEffect(
    () => (showsExecutor && versionId ? watchRowPeople(versionId) : undefined),
    [showsExecutor, versionId],
  );
  const people = useRowPeople((s) => s.rows);
  const members = useRowPeople((s) => s.members);
  const cells = useMemo(
    () => wbsCells({ ...ctx, executor: executorOfRow() }, stale.note),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- executorOfRow reads people and members
    [ctx, stale, people, members],
  );
  const attributeLabels = useWorkbench((s) => s.attributeLabels);
  const columnName = useCallback((id: ColumnId) => columnLabel(id, t, attributeLabels), [t, attributeLabels]);
  const arrange = useWorkbench((s) => s.arrange);
  // Each level's column name, outermost first (a header names its own level's column).
  const groupColumns = useMemo(
    () => (arrange ? groupLevels(arrange).map(columnName) : []),
    [arrange, columnName],
  );
  const visible = useWorkbench((s) => s.visible);
  const folded = useWorkbench((s) => s.foldedGroups);
  const find = useWorkbench((s) => s.find);
  const layout = useWorkbench((s) => s.columns);
  const frozen = useWorkbench((s) => s.frozen);
  const rowHeight = useWorkbench((s) => s.rowHeight);

  const special = (index: number, top: number, selected: boolean, frame: SpecialFrame) => {
    const id = visible.ids[index]!;
    const group = visible.groups?.get(id);
    if (!group || !visible.groups) return null;
    const { schedule, wbs } = workbench.get();
    // Every header's roll-up at once, kept while its inputs stay (a scroll only looks it up); the
    // label reads start, finish and percent complete even when their columns are hidden.
    const values = groupValuesOf({
      groups: visible.groups,
      rows: wbs.doc.rows,
      schedule,
      ctx,
      columns: rolledColumns(frame.cols),
    });
    return (
      <GroupRow
        key={id}
        id={id}
        group={group}
        folded={folded.has(id)}
        onToggle={toggleGroup}
        index={index}
        top={top}
        height={rowHeight}
        frame={frame}
        align={cells.align}
        column={groupColumns[group.level ?? 0] ?? ''}
        selected={selected}
        values={values.get(id) ?? NO_VALUES}
        ctx={ctx}
      />
    );
  };

  return (
    <Grid
      host={workbenchHost}
      cells={cells}
      t={t}
      label={label}
      columnName={columnName}
      above={(focus) => find.open && <FindBar initial={find.query} t={t} onDone={focus} />}
      special={visible.groups ? special : undefined}
      menu={(close) => (
        <ColumnMenu
          layout={layout}
          frozen={frozen}
          t={t}
          label={columnName}
          onVisible={(id, v) => workbench.set({ columns: setColumnVisible(workbench.get().columns, id, v) })}
          onFrozen={(n) => workbench.set({ frozen: n })}
          onLevel={expandToLevel}
          onClose={close}
        />
      )}
    />
  );
}
