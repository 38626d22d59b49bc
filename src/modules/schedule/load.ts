// Loading a schedule's versions, a version's content and the space's calendars into the store,
// and the target version's bars (its own schedule pass in a second worker).

import { calendarDefOf } from '../../api/calendars';
import { api } from '../../api';
import type { Version, VersionColumns } from '../../api/versions';
import type { UndoAction } from '../../api/wbs-batch';
import { contentQuery, decodeColumns } from '../../api/columns-binary';
import { call, fillPath } from '../../app/api/call';
import { request } from '../../app/api/http';
import { useSession } from '../../state/session';
import { relationFromApi, rowFromItem } from '../../api/wbs-rows';
import { docFromColumns } from '../../state/workbench/columns-content';
import { loadVersionDoc, nextDataRevision, recordStored } from '../../state/workbench/data';
import { deserializeEntry } from '../../domain/history';
import { seedSlotSpace } from '../../state/workbench/row-slots';
import { storedSchedule } from '../../state/workbench/stored-schedule';
import { historyFromUndoLog } from '../../state/workbench/history-from-log';
import { versionScheduleOptions } from '../../domain/schedule';
import { workbench } from '../../state/workbench/store';
import { createScheduleService } from '../../workers/schedule-client';

export async function loadVersions(scheduleId: string): Promise<Version[]> {
  const list = await call(api.versions.list, { params: { id: scheduleId } });
  return [...list].sort((a, b) => a.order - b.order);
}

/** The version to open: the one asked for, else the actual one, else the newest. */
export function pickVersion(list: readonly Version[], wanted: string | null): Version | null {
  return (
    list.find((v) => v.id === wanted) ??
    list.find((v) => v.kind === 'actual') ??
    list.find((v) => v.kind !== 'target') ??
    list[0] ??
    null
  );
}

export async function loadCalendars(): Promise<void> {
  const list = await call(api.calendars.list, { query: {} }, { silent: true }).catch(() => []);
  workbench.set({ calendars: list.map(calendarDefOf), calendarsLoaded: true });
}

/** Read the version's rows and relations into the store (a reload keeps history and view). */
export async function openVersion(
  id: string,
  /** Called with the parsed content before the store maps and loads it (the first schedule request). */
  onContent?: (content: VersionColumns, revision: number) => void,
  /** Aborted: the page no longer wants this version (another one opens); nothing is loaded. */
  signal?: AbortSignal,
  /**
   * The history holds commands the server did not store (a save refused or in conflict): it is
   * rebuilt from the server's log as on a first open, so undo never sends what the server lacks.
   */
  options: { historyFromLog?: boolean } = {},
): Promise<void> {
  performance.mark('wb-open-call');
  // A first open (a page load, another version) rebuilds the undo history from the server's log,
  // read beside the content; a reload of the open version keeps the history it has.
  const fresh = workbench.get().versionId !== id || options.historyFromLog === true;
  if (options.historyFromLog) {
    // An editor open on a refused row would outlive it and swallow every key (Ctrl+Z included).
    const { history } = workbench.get();
    workbench.set({ history: { ...history, undos: [], redos: [] }, editing: null });
  }
  const userId = useSession.getState().user?.id ?? null;
  const log = fresh && userId ? readUndoLog(id, userId) : Promise.resolve([]);
  // By columns, as typed arrays and dictionary codes (src/api/columns-binary.ts): 18.6 MB for the
  // benchmark's 100k rows instead of 34 MB of JSON (its decode is not yet measurably faster than
  // JSON.parse in the page: docs/scale.md).
  const content = await readContentColumns(id);
  if (signal?.aborted) return;
  performance.mark('wb-content-parsed');
  loadContent(content, onContent);
  // The request is on its way: the version's stored state does not describe the screen.
  if (onContent) workbench.set({ timetableState: 'in_process' });
  performance.mark('wb-version-loaded');
  if (!userId) return;
  const loaded = workbench.get();
  const actions = await log;
  performance.mark('wb-undo-log');
  const now = workbench.get();
  // An edit made meanwhile (a new revision or entry) wins over the rebuilt history. The revision,
  // not the version object: a calculation finishing meanwhile replaces the object (its timetable
  // state) without an edit, and must not leave the history empty.
  const edited =
    now.versionId !== loaded.versionId ||
    now.version?.revision !== loaded.version?.revision ||
    now.history !== loaded.history;
  if (actions.length === 0 || edited) return;
  const history = historyFromUndoLog(actions, userId, now.history.limit, content.version.revision);
  workbench.set({ history });
}

/**
 * The version's content by binary columns (GET versions/{id}/wbs/columns?format=binary); by JSON
 * when the address says `content=json` (the benchmark's baseline).
 */
export async function readContentColumns(id: string): Promise<VersionColumns> {
  const route = api.versions.contentColumns;
  const query = contentQuery(typeof window === 'undefined' ? '' : window.location.search);
  if (!query.format) return call(route, { params: { id } });
  const buffer = await request<ArrayBuffer>(route.method, fillPath(route.path, { id }), {
    query,
    responseType: 'arrayBuffer',
  });
  performance.mark('wb-content-received');
  return decodeColumns(buffer);
}

/** Put parsed content into the store (and first hand it to `onContent`, the worker's request). */
export function loadContent(
  content: VersionColumns,
  onContent?: (content: VersionColumns, revision: number) => void,
): void {
  onContent?.(content, nextDataRevision());
  const { doc, index, relationEnds } = docFromColumns(content.items, content.relations);
  // Row k of these columns is the Gantt's slot k: its first link index looks no row up.
  seedSlotSpace(content.version.id, content.items.id, relationEnds);
  loadVersionDoc(content.version, doc, index);
  // A calculated version paints its stored dates at once; the worker's pass follows.
  const stored = storedSchedule(content, workbench.get().dataRevision);
  if (stored) workbench.set({ schedule: stored });
}

/** The newest undo actions, page by page, until our run surely ended (a failure: none). */
export async function readUndoLog(id: string, userId: string): Promise<UndoAction[]> {
  const out: UndoAction[] = [];
  let offset: number | null = 0;
  try {
    // The server keeps the newest 1,000 actions; entries can be large, so pages stay small.
    while (offset !== null && offset < 1000) {
      const query: { offset: number; limit: number } = { offset, limit: 50 };
      const page: { items: UndoAction[]; next_offset: number | null } = await call(
        api.wbsBatch.undoActions,
        { params: { id }, query },
        { silent: true },
      );
      out.push(...page.items);
      if (page.items.some((a) => a.user_id !== userId || a.origin === 'restore')) break;
      offset = page.next_offset;
    }
  } catch {
    return [];
  }
  return out;
}

/**
 * Calculate: the worker recomputes everything at once, and the server calculates and stores the
 * timetable (dates, floats, critical flags, state calculated) with the same engine. Answers the
 * data revision the calculation's own step (plans following the dates) brought, if any, so the
 * stored state does not take that step for an edit made after the calculation.
 */
export async function calculate(runner: { open(): void } | null): Promise<number | null> {
  runner?.open();
  const s = workbench.get();
  if (!s.versionId) return null;
  const t = await call(api.wbsBatch.calculateSynchronous, { params: { id: s.versionId } });
  const v = workbench.get().version;
  if (!v || v.id !== s.versionId) return null;
  let own: number | null = null;
  let revision = Math.max(v.revision, t.revision);
  // Plans that followed the new dates: a step of ours (undoable), unless revisions went by that
  // we lack (then the live event reads the version again, and the history rebuilt holds it).
  const f = t.wdp_follow;
  if (f && v.revision >= f.revision - 1) {
    const e = deserializeEntry(f.entry);
    const change = {
      kind: e.kind,
      labelKey: e.labelKey,
      patches: e.patches,
      inversePatches: e.inversePatches,
    };
    const applied = v.revision >= f.revision;
    // Nothing else changed on screen meanwhile (its live event, if first, applied it as one
    // data revision): what the step brings is the calculation's own.
    const untouched = workbench.get().dataRevision === s.dataRevision + (applied ? 1 : 0);
    recordStored(change, applied);
    if (untouched) own = workbench.get().dataRevision;
  } else if (f) revision = v.revision;
  const now = workbench.get().version ?? v;
  workbench.set({ version: { ...now, timetable_state: t.timetable_state, revision } });
  return own;
}

/** Timescale origin a week before the data date, so the first bars are in view. */
export function resetTimescale(): void {
  const s = workbench.get();
  const dd = s.version?.data_date ?? null;
  const origin = Math.max(0, versionScheduleOptions(null, dd, s.calendars).dataDate - 7 * 1440);
  // The rows' scroll is not the timescale's: a row selected on open (?row=) stays in view.
  workbench.set({ timescale: { ...s.timescale, origin, scrollLeft: 0 } });
}

/** Schedule the target version on its own and keep its dates for the bars under the current ones. */
export async function loadTarget(id: string | null): Promise<void> {
  if (!id) {
    workbench.set({ target: null });
    return;
  }
  const content = await call(api.versions.content, { params: { id } });
  const s = workbench.get();
  const rows = content.items.map(rowFromItem);
  const service = createScheduleService();
  try {
    const doc = {
      rows: new Map(rows.map((r) => [r.id, r])),
      relations: new Map(content.relations.map((r) => [r.id, relationFromApi(r)])),
    };
    const calendars = s.calendars.length ? [...s.calendars] : [];
    // With the options an import stored, as the server's Calculate and the current version take them.
    const options = versionScheduleOptions(
      content.version.schedule_options,
      content.version.data_date,
      calendars,
    );
    const out = await service.open(doc, calendars, options, 0);
    const dates = new Map<string, readonly [number, number]>();
    // Target rows match current rows by code (a copied version keeps codes), else by id.
    const currentByCode = new Map<string, string>();
    for (const r of s.wbs.doc.rows.values()) if (r.code) currentByCode.set(r.code, r.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    (out.ids ?? []).forEach((tid, i) => {
      const code = byId.get(tid)?.code;
      const cid = (code && currentByCode.get(code)) || tid;
      if (out.es[i]! >= 0 && out.ef[i]! >= 0) dates.set(cid, [out.es[i]!, out.ef[i]!]);
    });
    workbench.set({ target: { versionId: id, label: content.version.label, dates } });
  } finally {
    service.dispose();
  }
}
