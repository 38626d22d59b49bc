// Editing the project grid through the workbench's edit loop. The merged document is one store
// document, so every command (cell edit, paste, fill, delete, insert, indent/outdent, move) and
// the one history of steps (Ctrl+Z / Ctrl+Y) work as on the schedule page. Each change is routed
// (src/domain/project-grid/route.ts) before it is applied: rows of one schedule go as that
// schedule's version batch on the same batch route (its validation, its server-kept undo log, its
// revision), written in the version's own ids; a change spanning two schedules, crossing a
// schedule's boundary or touching a summary row is refused with a toast saying why, and so is one
// on a version the user may not edit (no edit rights, a locked version). Undo and redo of a step
// route to the same version (the step's rows say which). Others' changes of any of the versions
// (live events, and those a batch answer carries) are applied in grid ids; after a change, that
// schedule alone is scheduled again with its own options and calendars.

import type { Patch } from 'immer';
import type { ProjectGridSchedule } from '../../api/project-grid';
import type { Version } from '../../api/versions';
import type { AssignmentUndoStep } from '../../api/resources';
import { deserializeEntry } from '../../domain/history';
import type { History, HistoryEntry, SerializedEntry } from '../../domain/history';
import { mergeParts } from '../../domain/project-grid/merge';
import type { GridPart, PartDates } from '../../domain/project-grid/merge';
import { learn, routeOf, routesOf, toGrid, toVersion } from '../../domain/project-grid/route';
import type { GridRoutes, RouteRefusal, RoutedPatch } from '../../domain/project-grid/route';
import { versionScheduleOptions } from '../../domain/schedule';
import type { WbsRelation, WbsRow } from '../../domain/wbs/types';
import type { PeopleRouting } from '../../state/row-people';
import { applyRemote } from '../../state/workbench/data';
import type { LoggedAction, TimedEntry } from '../../state/workbench/history-from-log';
import { mergeTimedHistories, timedHistoryFromUndoLog } from '../../state/workbench/history-from-log';
import { services } from '../../state/workbench/services';
import { snapshotOf } from '../../state/workbench/schedule-snapshot';
import type { Change } from '../../state/workbench/store';
import { workbench } from '../../state/workbench/store';
import type { SyncResult, SyncTransport } from '../../state/workbench/sync';
import { SyncConflict, SyncEditConflict } from '../../state/workbench/sync';
import type { EditConflictBody } from '../../api/wbs-batch';
import { createScheduleService } from '../../workers/schedule-client';
import { batchTransport } from '../schedule/transport';
import { liveAction } from '../schedule/live-action';
import type { LiveEventLike } from '../schedule/live-action';

/**
 * Where the grid's rows keep their executor and curator: each row in its own version under its
 * own id (the routes know both ways; rows created since the grid was read are learnt into them).
 */
export function peopleRouting(versions: readonly (Version | null)[], routes: GridRoutes): PeopleRouting {
  return {
    versionIds: versions.flatMap((v) => (v ? [v.id] : [])),
    own: (rowId) => {
      const place = routes.rows.get(rowId);
      const version = place && place.id !== null ? versions[place.part] : null;
      return version && place?.id ? { versionId: version.id, wbsId: place.id } : null;
    },
    shown: (versionId, wbsId) => {
      const part = versions.findIndex((v) => v?.id === versionId);
      return part < 0 ? null : (routes.gridRows[part]?.get(wbsId) ?? null);
    },
  };
}

/** Why a part may not be edited, or null when it may. */
export type ReadOnlyReason = 'no_rights' | 'locked' | 'no_version' | null;

export function readOnlyReason(s: ProjectGridSchedule, canEdit: boolean): ReadOnlyReason {
  if (!s.version) return 'no_version';
  if (!canEdit) return 'no_rights';
  if (s.version.locked) return 'locked';
  return null;
}

export interface EditableGrid {
  readonly schedules: readonly ProjectGridSchedule[];
  /** Each schedule's version as read (options, data date, revision); null without a version. */
  readonly versions: readonly (Version | null)[];
  readonly merged: Parameters<typeof routesOf>[0];
}

type Toast = (title: string, line: string) => void;

export class GridEditor {
  readonly routes: GridRoutes;
  /** The revision each version is at, as far as this page knows (our batches, their events). */
  readonly revisions: number[];
  private readonly reasons: ReadOnlyReason[];
  private readonly dates: (PartDates | null)[];
  private readonly dirty = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly grid: EditableGrid,
    canEdit: boolean,
    private readonly toast: Toast,
    /** Read the whole grid again (a conflict, a refusal, a gap in a version's events). */
    private readonly reload: () => void,
    initialDates: readonly (PartDates | null)[] = [],
  ) {
    this.routes = routesOf(grid.merged);
    this.revisions = grid.versions.map((v) => v?.revision ?? 0);
    this.reasons = grid.schedules.map((s) => readOnlyReason(s, canEdit));
    this.dates = grid.schedules.map((_, k) => initialDates[k] ?? null);
  }

  /** Whether any schedule of the grid may be edited (else the grid stays a locked document). */
  get anyEditable(): boolean {
    return this.reasons.some((r) => r === null);
  }

  /** The page left, or read the grid again: nothing of this editor applies any more. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private refuse(reason: RouteRefusal | Exclude<ReadOnlyReason, null>, part?: number): false {
    const sv = services();
    const name = part === undefined ? '' : (this.grid.schedules[part]?.schedule.name ?? '');
    this.toast(sv.t(`projectgrid:refused.${reason}`, { name }), sv.t('projectgrid:refused.hint'));
    return false;
  }

  /** The store's commit guard: a new change goes through only to one editable schedule. */
  readonly guard = (patches: readonly Patch[]): boolean => {
    const routed = routeOf(patches as readonly RoutedPatch[], this.routes);
    if (!routed.ok) return this.refuse(routed.reason);
    if (routed.part === null) return true;
    const reason = this.reasons[routed.part];
    if (reason) return this.refuse(reason, routed.part);
    learn(patches as readonly RoutedPatch[], routed.part, this.routes);
    return true;
  };

  /** Whether a version of the grid may be edited (its schedule's rights, its lock). */
  editable(versionId: string): boolean {
    const part = this.grid.versions.findIndex((v) => v?.id === versionId);
    return part >= 0 && this.reasons[part] === null;
  }

  /**
   * An assignment call's stored step (the node panel's Assignments tab, on the row's own version)
   * as a step of the grid's history: its assignments known as that version's, so that its undo
   * and redo go to that version as a batch (routeOf); the version's revision moves past it when
   * no other change is missing before it (else the live events read the gap).
   */
  readonly assignmentStep = (versionId: string, step: AssignmentUndoStep | undefined): Change | null => {
    const part = this.grid.versions.findIndex((v) => v?.id === versionId);
    if (part < 0 || !step || this.disposed) return null;
    const e = deserializeEntry(step.entry);
    learn(e.patches as RoutedPatch[], part, this.routes);
    learn(e.inversePatches as RoutedPatch[], part, this.routes);
    if (this.revisions[part] === step.revision - 1) this.revisions[part] = step.revision;
    return { kind: e.kind, labelKey: e.labelKey, patches: e.patches, inversePatches: e.inversePatches };
  };

  private ownEntry(entry: SerializedEntry): SerializedEntry {
    return {
      ...entry,
      patches: toVersion(entry.patches as RoutedPatch[], this.routes),
      inversePatches: toVersion(entry.inversePatches as RoutedPatch[], this.routes),
    };
  }

  /** Others' changes of part k (own ids) in the grid's ids. */
  private gridEntry(entry: Record<string, unknown>, part: number): Record<string, unknown> {
    const e = entry as unknown as SerializedEntry;
    const patches = toGrid((e.patches ?? []) as RoutedPatch[], part, this.routes);
    learn(patches, part, this.routes);
    return {
      ...entry,
      patches,
      inversePatches: toGrid((e.inversePatches ?? []) as RoutedPatch[], part, this.routes),
    };
  }

  /** The sync's transport: the batch goes to its schedule's version, in that version's ids. */
  readonly transport: SyncTransport = {
    send: async (batch): Promise<SyncResult> => {
      const routed = routeOf(batch.entry.patches as RoutedPatch[], this.routes);
      // A step made before a reload, or one of side data the grid does not know: not its to send
      // (an assignment step made or read here is known: it goes to its version).
      if (!routed.ok) throw new SyncConflict(null);
      const part = routed.part;
      const version = part === null ? null : this.grid.versions[part];
      if (part === null || !version) return { revision: batch.revision };
      try {
        const res = await batchTransport.send({
          versionId: version.id,
          origin: batch.origin,
          revision: this.revisions[part]!,
          entry: this.ownEntry(batch.entry),
        });
        this.revisions[part] = Math.max(this.revisions[part]!, res.revision);
        this.touched(part);
        return {
          ...res,
          changes: this.gridChanges(res.changes ?? [], part),
          ...(res.cascade
            ? {
                cascade: {
                  patches: toGrid(res.cascade.patches as RoutedPatch[], part, this.routes),
                  inversePatches: toGrid(res.cascade.inversePatches as RoutedPatch[], part, this.routes),
                },
              }
            : {}),
        };
      } catch (err) {
        // An overlap with others' changes of this version: the schedule page's keep-mine /
        // take-theirs dialog, in the grid's ids; the resolved batch goes again at the version's
        // revision the conflict names.
        if (err instanceof SyncEditConflict) {
          this.revisions[part] = Math.max(this.revisions[part]!, err.body.revision);
          throw new SyncEditConflict(this.gridConflict(err.body, part));
        }
        throw err;
      }
    },
  };

  /** Changes of part k stored since a revision (a batch's answer, a conflict's) in the grid's ids. */
  private gridChanges<C extends { readonly entry: Record<string, unknown> }>(
    changes: readonly C[],
    part: number,
  ): C[] {
    return changes.map((c) => ({ ...c, entry: this.gridEntry(c.entry, part) }));
  }

  /** A version's edit conflict in the grid's ids: the places, and the changes since. */
  private gridConflict(body: EditConflictBody, part: number): EditConflictBody {
    const rows = this.routes.gridRows[part];
    const rels = this.routes.gridRelations[part];
    return {
      ...body,
      changes: this.gridChanges(body.changes, part),
      conflicts: body.conflicts.map((c) => ({
        ...c,
        id: (c.target === 'rows' ? rows?.get(c.id) : rels?.get(c.id)) ?? c.id,
      })),
    };
  }

  /**
   * The project's history before a reload, from each version's undo log (newest first, one list
   * per schedule): each version's own run rebuilt as the schedule page does, its steps in grid ids,
   * then one history in the order the steps were made.
   */
  historyFromLogs(logs: readonly (readonly LoggedAction[])[], userId: string, limit: number): History {
    const parts = this.grid.versions.map((v, k) => {
      const timed = timedHistoryFromUndoLog(logs[k] ?? [], userId, v?.revision ?? null);
      const inGrid = (t: TimedEntry): TimedEntry => ({ ...t, entry: this.gridStep(t.entry, k) });
      return { undos: timed.undos.map(inGrid), redos: timed.redos.map(inGrid), lastDo: timed.lastDo };
    });
    return mergeTimedHistories(parts, limit);
  }

  /** A step of part k (own ids) in the grid's ids; the rows it adds are learnt as part k's. */
  private gridStep(entry: HistoryEntry, part: number): HistoryEntry {
    const patches = toGrid(entry.patches as RoutedPatch[], part, this.routes);
    const inversePatches = toGrid(entry.inversePatches as RoutedPatch[], part, this.routes);
    learn(patches, part, this.routes);
    learn(inversePatches, part, this.routes);
    return { ...entry, patches: patches as Patch[], inversePatches: inversePatches as Patch[] };
  }

  /** A live event of one of the grid's versions (another user's or tab's edit). */
  live(e: LiveEventLike & { readonly ids: readonly string[] }): void {
    if (this.disposed) return;
    const part = this.grid.versions.findIndex((v) => v !== null && e.ids.includes(v.id));
    if (part < 0) return;
    const action = liveAction(e, this.revisions[part]!, workbench.get().saving > 0);
    if (action.kind === 'ignore' || action.kind === 'state') return;
    if (action.kind === 'apply') {
      const entry = this.gridEntry({ patches: action.patches, inversePatches: [] }, part);
      this.revisions[part] = action.revision;
      applyRemote(entry.patches as Patch[]);
      this.touched(part);
      return;
    }
    // Deferred (our batch is on its way and its answer carries it) or too big: read again after.
    const revision = typeof e.payload.revision === 'number' ? e.payload.revision : Infinity;
    setTimeout(() => {
      if (!this.disposed && revision > this.revisions[part]!) this.reload();
    }, 1500);
  }

  /** Schedule part k again soon (a burst of edits computes once). */
  touched(part: number): void {
    this.dirty.add(part);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.recalculate(), 250);
  }

  /** Part k's rows and relations from the store (grid ids; its top level with no parent). */
  private partOf(k: number): { rows: WbsRow[]; relations: WbsRelation[] } {
    const doc = workbench.get().wbs.doc;
    const summary = this.routes.summaryIds[k];
    const rows: WbsRow[] = [];
    for (const r of doc.rows.values()) {
      const place = this.routes.rows.get(r.id);
      if (!place || place.part !== k || place.id === null) continue;
      rows.push(r.parentId === summary ? { ...r, parentId: null } : r);
    }
    const relations: WbsRelation[] = [];
    for (const rel of doc.relations.values())
      if (this.routes.rows.get(rel.predId)?.part === k) relations.push(rel);
    return { rows, relations };
  }

  /** The changed schedules scheduled again, each with its own options; the dates merged again. */
  async recalculate(): Promise<void> {
    this.timer = null;
    const todo = [...this.dirty];
    this.dirty.clear();
    if (todo.length === 0 || this.disposed) return;
    const calendars = [...workbench.get().calendars];
    const service = createScheduleService();
    try {
      for (const k of todo) {
        const v = this.grid.versions[k];
        if (!v) continue;
        const { rows, relations } = this.partOf(k);
        const doc = {
          rows: new Map(rows.map((r) => [r.id, r])),
          relations: new Map(relations.map((r) => [r.id, r])),
        };
        const out = await service.open(
          doc,
          calendars,
          versionScheduleOptions(v.schedule_options, v.data_date, calendars),
          0,
        );
        this.dates[k] = out.failure || !out.ids ? null : { ...out, ids: out.ids };
      }
    } finally {
      service.dispose();
    }
    if (this.disposed) return;
    const parts: GridPart[] = this.grid.schedules.map((s, k) => ({
      key: s.schedule.id,
      name: '',
      ...this.partOf(k),
      dates: this.dates[k] ?? null,
    }));
    const now = workbench.get();
    workbench.set({
      schedule: snapshotOf(mergeParts(parts).dates, now.dataRevision, now.schedule?.ms ?? 0),
      timetableState: 'calculated',
    });
    // Edits made while computing: once more.
    if (this.dirty.size > 0) this.touched([...this.dirty][0]!);
  }
}

/** Each part's first-pass dates in grid ids (the engine ran on own ids). */
export function gridDates(dates: PartDates | null, gridIds: ReadonlyMap<string, string>): PartDates | null {
  if (!dates) return null;
  return { ...dates, ids: dates.ids.map((id) => gridIds.get(id) ?? id) };
}
