// A calculated version opens with the dates the server stored: they must show what the worker will
// show, so nothing jumps when its pass lands. A started row starts at its actual start (the stored
// early start is where its remaining work resumes), a completed row spans its actual dates.
import { describe, expect, it } from 'vitest';
import type { VersionContent } from '../../src/api/versions';
import { columnsOfContent } from '../../src/api/version-columns';
import { standardCalendarDef } from '../../src/domain/calendar';
import { scheduleModel, versionScheduleOptions } from '../../src/domain/schedule';
import { toScheduleModel } from '../../src/domain/wbs';
import type { WbsRow } from '../../src/domain/wbs';
import { itemFieldsFromRow, relationToApi } from '../../src/api/wbs-rows';
import { docOf } from '../../src/state/workbench/data';
import { storedSchedule } from '../../src/state/workbench/stored-schedule';
import { ScheduleCore } from '../../src/workers/schedule-core';
import { chain, DAY, version } from './fixtures';

const H = 60;
const dataDate = version().data_date!; // Monday 2026-01-05 00:00
const day = (d: number, h: number) => dataDate + d * 1440 + h * H;

/** S: T1 done (Mon 29.12), T2 started Wed 31.12 at 50 % of 4 days, T3 and T4 not started. */
function progressed() {
  const { rows, relations } = chain(4);
  const edit: Record<string, Partial<WbsRow>> = {
    T1: { actualStart: day(-7, 8), actualFinish: day(-7, 17), percentComplete: 100 },
    T2: { actualStart: day(-5, 8), percentComplete: 50, duration: 4 * DAY },
  };
  return { rows: rows.map((r) => ({ ...r, ...edit[r.id] })), relations };
}

describe('stored schedule', () => {
  it('shows started rows from their actual start and completed rows at their actual dates, as the worker does', () => {
    const { rows, relations } = progressed();
    const doc = docOf(rows, relations);
    const cals = [standardCalendarDef('standard')];
    const options = versionScheduleOptions(null, dataDate, cals);
    // What the server stores: the engine's own results (remaining early start for T2).
    const res = scheduleModel(toScheduleModel(doc.rows, doc.relations, cals, options));
    const at = new Map(res.ids.map((id, i) => [id, i]));
    const content: VersionContent = {
      version: { ...version(), timetable_state: 'calculated' },
      items: rows.map((r) => {
        const i = at.get(r.id)!;
        return {
          ...itemFieldsFromRow(r),
          es: res.es[i]!,
          ef: res.ef[i]!,
          ls: res.ls[i]!,
          lf: res.lf[i]!,
          tf: res.tf[i]!,
          ff: res.ff[i]!,
          critical: res.critical[i] === 1,
        };
      }),
      relations: relations.map(relationToApi),
    };
    const stored = storedSchedule(columnsOfContent(content), 1)!;
    const worker = new ScheduleCore().open(doc, cals, options, 1);
    const shown = (id: string) => {
      const p = stored.position.get(id)!;
      return [stored.es[p], stored.ef[p]];
    };
    const fromWorker = (id: string) => {
      const i = worker.ids!.indexOf(id);
      return [worker.es[i], worker.ef[i]];
    };
    expect(res.es[at.get('T2')!]).toBe(dataDate + 8 * H); // the engine's remaining early start
    expect(shown('T2')[0]).toBe(day(-5, 8)); // shown from the actual start
    expect(shown('T1')).toEqual([day(-7, 8), day(-7, 17)]);
    for (const id of ['S', 'T1', 'T2', 'T3', 'T4']) expect(shown(id), id).toEqual(fromWorker(id));
  });

  it("rolls the summaries' percent complete up as the engine does (the server stores only the rows' own)", () => {
    const { rows, relations } = progressed();
    // A second level: T3 and T4 under a summary S2 inside S, with a milestone beside them.
    const nested: WbsRow[] = [
      ...rows.map((r) => (r.id === 'T3' || r.id === 'T4' ? { ...r, parentId: 'S2' } : r)),
      { ...rows[0]!, id: 'S2', parentId: 'S', orderKey: 'z0', name: 'Sub' },
      {
        ...rows[1]!,
        id: 'M',
        parentId: 'S2',
        nodeType: 'milestone_finish',
        percentComplete: 100,
        duration: 0,
      },
    ];
    const doc = docOf(nested, relations);
    const cals = [standardCalendarDef('standard')];
    const options = versionScheduleOptions(null, dataDate, cals);
    const content: VersionContent = {
      version: { ...version(), timetable_state: 'calculated' },
      items: nested.map((r) => ({
        ...itemFieldsFromRow(r),
        es: 0,
        ef: 0,
        ls: 0,
        lf: 0,
        tf: 0,
        ff: 0,
        critical: false,
      })),
      relations: relations.map(relationToApi),
    };
    const stored = storedSchedule(columnsOfContent(content), 1)!;
    const worker = new ScheduleCore().open(doc, cals, options, 1);
    for (const id of ['S', 'S2', 'T1', 'T2', 'T3', 'M']) {
      const p = stored.position.get(id)!;
      expect(stored.percentComplete![p], id).toBeCloseTo(worker.percentComplete[worker.ids!.indexOf(id)]!, 4);
    }
    // T1 (1 d) done, T2 at 50 % of 4 d, T3 and T4 not started: 300 / 7 %.
    expect(stored.percentComplete![stored.position.get('S')!]).toBeCloseTo(300 / 7, 4);
  });
});
