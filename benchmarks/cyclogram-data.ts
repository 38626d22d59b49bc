// The cyclogram benchmarks' version (issue 19's size): 200 location summaries, each with 50 works
// (one per kind); each kind moves a location every 3 days, the kinds staggered 2 days apart:
// 10,000 activities, crews colliding where they bunch. Loaded into the workbench's store.
import { standardCalendarDef, toMinutes } from '../src/domain/calendar';
import { defaultScheduleOptions } from '../src/domain/schedule';
import type { Activity, Relation, ScheduleModel } from '../src/domain/schedule';
import { keysBetween, newRow } from '../src/domain/wbs';
import type { WbsRow } from '../src/domain/wbs';
import { loadVersion } from '../src/state/workbench/data';
import type { ScheduleSnapshot } from '../src/state/workbench/schedule-snapshot';
import { workbench } from '../src/state/workbench/store';

export const LOCATIONS = 200;
export const KINDS = 50;
export const DAY = 1440;
export const T0 = 9501 * DAY;

/** Loads the version into the workbench's store (rows and schedule results). */
export function loadCyclogramBenchVersion(): void {
  const rows: WbsRow[] = [];
  const locKeys = keysBetween(null, null, LOCATIONS);
  const kindKeys = keysBetween(null, null, KINDS);
  const es: number[] = [];
  const ef: number[] = [];
  for (let l = 0; l < LOCATIONS; l++) {
    rows.push(newRow(`L${l}`, 'sum', null, locKeys[l]!, { name: `Location ${l}` }));
    es.push(T0);
    ef.push(T0);
    for (let k = 0; k < KINDS; k++) {
      rows.push(
        newRow(`a${l}-${k}`, 'task', `L${l}`, kindKeys[k]!, {
          name: `Kind ${k} at ${l}`,
          code: `A${l * KINDS + k}`,
          attributes: { Location: `Location ${l}`, 'Work type': `Kind ${k}` },
        }),
      );
      es.push(T0 + (l * 3 + k * 2) * DAY);
      ef.push(T0 + (l * 3 + k * 2 + 4) * DAY);
    }
  }
  loadVersion(
    {
      id: '00000000-0000-4000-8000-000000000001',
      schedule_id: '00000000-0000-4000-8000-0000000000aa',
      kind: 'version',
      label: 'bench',
      locked: false,
      order: 0,
      revision: 1,
      timetable_state: 'calculated',
      data_date: T0,
      created_at: '2026-01-01T00:00:00Z',
    },
    rows,
    [],
  );
  const n = rows.length;
  const schedule: ScheduleSnapshot = {
    revision: workbench.get().dataRevision,
    position: new Map(rows.map((r, i) => [r.id, i])),
    es: Int32Array.from(es),
    ef: Int32Array.from(ef),
    ls: new Int32Array(n),
    lf: new Int32Array(n),
    tf: new Int32Array(n),
    ff: new Int32Array(n),
    critical: new Uint8Array(n),
    projectFinish: 0,
    ms: 0,
  };
  workbench.set({ schedule });
}

/**
 * The same shape as a schedule file the server imports (cyclogram-open.ts uploads it): 200
 * location summaries of 50 works each (attributes Location and Work type), each kind moving to
 * the next location when it finishes there (FS) and each location's kinds staggered two working
 * days apart (SS 2d); four working days a work on the standard calendar.
 */
export function cyclogramBenchModel(): ScheduleModel {
  const activities: Activity[] = [];
  const relations: Relation[] = [];
  const day = 480;
  const base = (id: string, parentId: string | null, order: number): Activity => ({
    id,
    code: id,
    name: id,
    parentId,
    order,
    nodeType: 'task',
    kind: 'task',
    calendarId: 'standard',
    duration: 4 * day,
    remaining: 4 * day,
    actualStart: null,
    actualFinish: null,
    percentComplete: 0,
    constraints: [],
    alap: false,
  });
  for (let l = 0; l < LOCATIONS; l++) {
    activities.push({
      ...base(`L${l}`, null, l),
      name: `Location ${l}`,
      nodeType: 'sum',
      kind: 'wbs_summary',
    });
    for (let k = 0; k < KINDS; k++) {
      const id = `a${l}-${k}`;
      activities.push({
        ...base(id, `L${l}`, k),
        code: `A${l * KINDS + k}`,
        name: `Kind ${k} at ${l}`,
        attributes: { Location: `Location ${l}`, 'Work type': `Kind ${k}` },
      });
      if (l > 0)
        relations.push({ id: `f${l}-${k}`, predId: `a${l - 1}-${k}`, succId: id, type: 'fs', lag: 0 });
      if (k > 0)
        relations.push({ id: `s${l}-${k}`, predId: `a${l}-${k - 1}`, succId: id, type: 'ss', lag: 2 * day });
    }
  }
  const dataDate = toMinutes(2026, 1, 5);
  return {
    source: 'json',
    projectName: 'Cyclogram bench',
    calendars: [standardCalendarDef('standard')],
    activities,
    relations,
    options: defaultScheduleOptions(dataDate, 'standard'),
    resources: [],
    assignments: [],
    attributeDefs: { Location: 'Location', 'Work type': 'Work type' },
  };
}
