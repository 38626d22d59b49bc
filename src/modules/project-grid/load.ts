// Loading the project grid into the workbench's store: the project's schedules with their active
// versions (GET projects/{id}/grid), each version's rows (GET versions/{id}/wbs), one engine pass
// per version with that version's own options (data date, calendars, the options an import
// stored) in the schedule worker, then one merged document (src/domain/project-grid) shown as a
// locked version until the page's GridEditor opens it for edits routed to each schedule's version.

import { api } from '../../api';
import type { ProjectGrid, ProjectGridSchedule } from '../../api/project-grid';
import type { Version, VersionContent } from '../../api/versions';
import { relationFromApi, rowFromItem } from '../../api/wbs-rows';
import { call } from '../../app/api/call';
import { mergeParts, targetDatesOf } from '../../domain/project-grid/merge';
import type { GridPart, MergedGrid, PartDates } from '../../domain/project-grid/merge';
import { versionScheduleOptions } from '../../domain/schedule';
import type { CalendarDef } from '../../domain/schedule/model';
import type { WbsRow } from '../../domain/wbs/types';
import { loadVersionDoc } from '../../state/workbench/data';
import { snapshotOf } from '../../state/workbench/schedule-snapshot';
import { workbench } from '../../state/workbench/store';
import { createScheduleService } from '../../workers/schedule-client';
import type { ScheduleService } from '../../workers/schedule-client';

/** What the page keeps beside the store: the schedules, and how grid rows map back to them. */
export interface LoadedGrid {
  readonly grid: ProjectGrid;
  readonly merged: MergedGrid;
  /** The rows of each schedule's version (own ids), for the target's matching. */
  readonly partRows: readonly (readonly WbsRow[])[];
  /** Per schedule: why its dates are missing (the engine's refusal), or null. */
  readonly failures: readonly (string | null)[];
  /** Each schedule's version as read (its options, data date, revision), null without one. */
  readonly versions: readonly (Version | null)[];
  /** Each schedule's first-pass dates, in grid ids (recalculation keeps the others'). */
  readonly dates: readonly (PartDates | null)[];
  /** Milliseconds: reading everything, and the engine passes. */
  readonly ms: { readonly read: number; readonly engine: number };
}

/** The grid's own id in the store (never a real version's: nothing is sent to the server). */
export const gridVersionId = (projectId: string) => `project:${projectId}`;

async function pass(
  service: ScheduleService,
  content: VersionContent,
  calendars: CalendarDef[],
): Promise<{ rows: WbsRow[]; dates: PartDates | null; failure: string | null }> {
  const rows = content.items.map(rowFromItem);
  const doc = {
    rows: new Map(rows.map((r) => [r.id, r])),
    relations: new Map(content.relations.map((r) => [r.id, relationFromApi(r)])),
  };
  const options = versionScheduleOptions(
    content.version.schedule_options,
    content.version.data_date,
    calendars,
  );
  const out = await service.open(doc, calendars, options, 0);
  if (out.failure || !out.ids) return { rows, dates: null, failure: out.failure?.message ?? 'no result' };
  return { rows, dates: { ...out, ids: out.ids }, failure: null };
}

/** Read the project's grid and put it into the store as one locked, read-only document. */
export async function loadProjectGrid(projectId: string, signal: AbortSignal): Promise<LoadedGrid | null> {
  const t0 = performance.now();
  const grid = await call(api.projectGrid.get, { params: { id: projectId } });
  const contents = await Promise.all(
    grid.schedules.map((s) =>
      s.version ? call(api.versions.content, { params: { id: s.version.id } }) : Promise.resolve(null),
    ),
  );
  if (signal.aborted) return null;
  const t1 = performance.now();
  const calendars = [...workbench.get().calendars];
  const service = createScheduleService();
  const parts: GridPart[] = [];
  const partRows: WbsRow[][] = [];
  const failures: (string | null)[] = [];
  try {
    for (const [k, s] of grid.schedules.entries()) {
      const content = contents[k];
      const done = content ? await pass(service, content, calendars) : null;
      parts.push({
        key: s.schedule.id,
        name: s.version ? `${s.schedule.name} · ${s.version.label}` : s.schedule.name,
        rows: done?.rows ?? [],
        relations: content ? content.relations.map(relationFromApi) : [],
        dates: done?.dates ?? null,
      });
      partRows.push(done?.rows ?? []);
      failures.push(done?.failure ?? null);
    }
  } finally {
    service.dispose();
  }
  if (signal.aborted) return null;
  const t2 = performance.now();
  const merged = mergeParts(parts);
  const dataDates = contents.map((c) => c?.version.data_date ?? null).filter((d): d is number => d !== null);
  const version: Version = {
    id: gridVersionId(projectId),
    schedule_id: projectId,
    kind: 'version',
    label: grid.project.name,
    // Locked until the page knows the user may edit one of the schedules (src/modules/project-grid/edit.ts).
    locked: true,
    order: 0,
    revision: 0,
    timetable_state: 'calculated',
    // The Gantt's data-date line: the earliest of the schedules' data dates.
    data_date: dataDates.length ? Math.min(...dataDates) : null,
    created_at: grid.project.created_at,
  };
  loadVersionDoc(version, { rows: merged.rows, relations: merged.relations });
  workbench.set({
    schedule: snapshotOf(merged.dates, workbench.get().dataRevision, t2 - t1),
    timetableState: 'calculated',
    target: null,
  });
  const versions = contents.map((c) => c?.version ?? null);
  const partDates = parts.map((p, k) => {
    const ids = merged.gridIds[k]!;
    return p.dates ? { ...p.dates, ids: p.dates.ids.map((id) => ids.get(id) ?? id) } : null;
  });
  return {
    grid,
    merged,
    partRows,
    failures,
    versions,
    dates: partDates,
    ms: { read: t1 - t0, engine: t2 - t1 },
  };
}

/**
 * The `target` parameter of the grid: version ids (comma-separated), each of one of the project's
 * schedules; its dates are drawn under that schedule's rows (matched by code, else id).
 */
export function parseTargets(
  param: string | null,
  schedules: readonly ProjectGridSchedule[],
): Map<number, Version> {
  const wanted = new Set(
    (param ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const out = new Map<number, Version>();
  schedules.forEach((s, k) => {
    const v = s.versions.find((x) => wanted.has(x.id));
    if (v) out.set(k, v);
  });
  return out;
}

/** Each schedule's target version (kind target), as the value of the `target` parameter. */
export function eachTargetParam(schedules: readonly ProjectGridSchedule[]): string {
  return schedules
    .map((s) => s.versions.find((v) => v.kind === 'target')?.id)
    .filter((id): id is string => !!id)
    .join(',');
}

/** Schedule the chosen target versions, each on its own, and show their bars under the rows. */
export async function loadTargets(loaded: LoadedGrid, param: string | null, label: string): Promise<void> {
  const chosen = parseTargets(param, loaded.grid.schedules);
  if (chosen.size === 0) {
    workbench.set({ target: null });
    return;
  }
  const calendars = [...workbench.get().calendars];
  const service = createScheduleService();
  const dates = new Map<string, readonly [number, number]>();
  try {
    for (const [k, v] of chosen) {
      const content = await call(api.versions.content, { params: { id: v.id } });
      const done = await pass(service, content, calendars);
      if (done.dates)
        targetDatesOf(loaded.partRows[k] ?? [], loaded.merged.gridIds[k]!, done.rows, done.dates, dates);
    }
  } finally {
    service.dispose();
  }
  workbench.set({ target: { versionId: param ?? '', label, dates } });
}
