// The version store of the workbench (zustand). Data (items, relations) changes only through
// applyChange with immer patches; the tree view and schedule results are derived and rebuilt here,
// never recorded in history. View state (selection, scroll, columns, timescale) lives beside it.

import type { EditConflictBody } from '../../api/wbs-batch';
import type { Levelling } from '../../api/levelling';
import type { BarColorBy } from './bar-colors';
import type { EvalResult } from '../../domain/formula';
import { create } from 'zustand';
import { createHistory } from '../../domain/history';
import type { History, HistoryEntry, UndoKind } from '../../domain/history';
import type { ScheduleSnapshot } from './schedule-snapshot';
import type { ScheduleFailure } from '../../workers/schedule-client';
import { wbsState } from '../../domain/wbs/change';
import type { WbsState } from '../../domain/wbs/change';
import type { Arrangement, ArrangedView } from '../../domain/wbs/arrange';
import type { CalendarDef } from '../../domain/schedule/model';
import type { CellIssue, ColumnLayout, EditingState, ItemId, ScaleUnit, Selection, Version } from './types';
import { DEFAULT_COLUMNS } from './columns';
import type { ActiveFilter } from './filter';

/** How history treats an update (STYLE 3). */
export type HistoryMode = 'record' | 'ignore';

/** A change as history keeps it (domain/history's entry). */
export type Change = HistoryEntry;
export type { UndoKind };

export type TimetableState = 'not_calculated' | 'in_process' | 'calculated';
export type PanelTab =
  | 'node_info'
  | 'task_relations'
  | 'directories'
  | 'related_schedules'
  | 'gallery'
  | 'timesheets'
  | 'daily_planning'
  | 'planning'
  | 'assignments'
  | 'model_3d';

export interface TimescaleState {
  readonly unit: ScaleUnit;
  readonly zoom: number;
  readonly origin: number;
  readonly scrollLeft: number;
}

export interface TargetBars {
  readonly versionId: string;
  readonly label: string;
  readonly dates: ReadonlyMap<ItemId, readonly [number, number]>;
}

/**
 * The version's levelling (src/api/levelling.ts): the levelled starts the schedule worker applies
 * (ScheduleOptions.levelledStarts) and, by delayed row, its dates before levelling (drawn as the delay).
 */
/** A row's accepted curator dates (minutes since 2000; null where not accepted). */
export interface AcceptedDates {
  readonly start: number | null;
  readonly finish: number | null;
}

export interface LevelledBars {
  readonly versionId: string;
  readonly data: Levelling;
  readonly starts: Readonly<Record<ItemId, number>>;
  readonly dates: ReadonlyMap<ItemId, readonly [number, number]>;
}

export interface WorkbenchState {
  readonly spaceId: string | null;
  readonly versionId: string | null;
  readonly version: Version | null;
  readonly loadState: 'idle' | 'loading' | 'ready' | 'error';
  readonly loadError: string | null;
  /** The document (rows, relations) and its derived tree index. */
  readonly wbs: WbsState;
  /** Local data revision: bumped by every applied change (derivations key on it). */
  readonly dataRevision: number;
  /** Expanded nodes (view state: never in history). */
  readonly expanded: ReadonlySet<ItemId>;
  /** The flattened visible rows (derived), with the group header rows when grouped. */
  readonly visible: ArrangedView;
  /** The layout's sort and grouping of the rows (null: WBS order, no groups). */
  readonly arrange: Arrangement | null;
  /** Folded group headers of the grouping (view state, kept while the grouping stays). */
  readonly foldedGroups: ReadonlySet<ItemId>;
  /** The page's filter (filter / filter_indicator), and the rows it shows (null: no filter). */
  readonly filter: ActiveFilter | null;
  readonly filterShown: ReadonlySet<ItemId> | null;
  /** The filter reads dates or floats and was applied before the schedule of this data arrived. */
  readonly filterWaitsForSchedule: boolean;
  /** Bumped by every load of the version's content (a first open or a reload). */
  readonly loads: number;
  readonly calendars: readonly CalendarDef[];
  /** The space's calendars have been read (an empty list then means the space has none). */
  readonly calendarsLoaded: boolean;
  readonly schedule: ScheduleSnapshot | null;
  readonly timetableState: TimetableState;
  /** The engine's refusal (a cycle), or a worker failure. */
  readonly scheduleError: ScheduleFailure | null;
  readonly target: TargetBars | null;
  readonly levelled: LevelledBars | null;
  /** Which chart the workbench shows: the task Gantt or the resource Gantt (one key switches). */
  readonly ganttView: 'task' | 'resource' | 'cyclogram';
  readonly selection: Selection;
  readonly editing: EditingState;
  readonly issues: ReadonlyMap<string, CellIssue>;
  readonly columns: readonly ColumnLayout[];
  /** The version's attribute labels by key (GET versions/{id}/attributes), for their columns. */
  readonly attributeLabels: ReadonlyMap<string, string>;
  /** Calculated attribute values from the worker, by row id (formula key → value or error). */
  readonly formulaValues: ReadonlyMap<string, Readonly<Record<string, EvalResult>>>;
  /** The curator's accepted start and finish by row id (GET versions/{id}/accepted-curator-dates). */
  readonly curatorDates: ReadonlyMap<string, AcceptedDates>;
  /** Bar colours by a column's value (a layout template's), or null: the theme's colours. */
  readonly barColorBy: BarColorBy | null;
  /** Number of leading displayed columns frozen at the left. */
  readonly frozen: number;
  readonly rowHeight: number;
  /** Height of the grid's header row and of the Gantt's timescale: rows line up below it. */
  readonly headerHeight: number;
  readonly scrollTop: number;
  readonly viewportHeight: number;
  readonly timescale: TimescaleState;
  readonly gridWidth: number;
  readonly panelTab: PanelTab;
  readonly panelOpen: boolean;
  /** Undo and redo stacks (domain/history): diffs with marks. */
  readonly history: History;
  readonly find: { readonly open: boolean; readonly query: string };
  /** Pending server writes. */
  readonly saving: number;
  /** A batch the server refused as overlapping others' changes, waiting for the user's choice. */
  readonly editConflict: EditConflictBody | null;
}

export function initialState(): WorkbenchState {
  return {
    spaceId: null,
    versionId: null,
    version: null,
    loadState: 'idle',
    loadError: null,
    wbs: wbsState({ rows: new Map(), relations: new Map() }),
    dataRevision: 0,
    expanded: new Set(),
    visible: { ids: [], depth: new Uint16Array(0) },
    arrange: null,
    foldedGroups: new Set(),
    filter: null,
    filterShown: null,
    filterWaitsForSchedule: false,
    loads: 0,
    calendars: [],
    calendarsLoaded: false,
    schedule: null,
    timetableState: 'not_calculated',
    scheduleError: null,
    target: null,
    levelled: null,
    ganttView: 'task',
    selection: { anchor: { row: 0, col: 1 }, focus: { row: 0, col: 1 } },
    editing: null,
    issues: new Map(),
    columns: DEFAULT_COLUMNS,
    attributeLabels: new Map(),
    formulaValues: new Map(),
    curatorDates: new Map(),
    barColorBy: null,
    frozen: 2,
    rowHeight: 26,
    headerHeight: 40,
    scrollTop: 0,
    viewportHeight: 600,
    timescale: { unit: 'week', zoom: 1, origin: 0, scrollLeft: 0 },
    gridWidth: 760,
    panelTab: 'node_info',
    panelOpen: true,
    history: createHistory(200),
    find: { open: false, query: '' },
    saving: 0,
    editConflict: null,
  };
}

export const useWorkbench = create<WorkbenchState>()(() => initialState());

export const workbench = {
  get: (): WorkbenchState => useWorkbench.getState(),
  set: (partial: Partial<WorkbenchState>): void => useWorkbench.setState(partial),
  subscribe: useWorkbench.subscribe,
};
