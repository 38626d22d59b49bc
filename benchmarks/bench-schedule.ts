// The generated schedule every browser benchmark opens: the seeded WBS (tests/domain/wbs/generate)
// with lanes and phases, so its dates span a few years as a real schedule's do, scheduled by our
// engine on the standard calendar from a fixed data date. A calculated version stores these dates;
// the benchmark hands them over as the server would.

import type { VersionContent, WbsItem } from '../src/api/versions';
import { itemFieldsFromRow, relationToApi } from '../src/api/wbs-rows';
import { standardCalendarDef, toMinutes } from '../src/domain/calendar';
import { defaultScheduleOptions, scheduleModel } from '../src/domain/schedule';
import type { ScheduleModel, ScheduleResult } from '../src/domain/schedule';
import { toScheduleModel, type WbsDoc } from '../src/domain/wbs';
import { generateWbs, type GenerateOptions } from '../tests/domain/wbs/generate';

export const BENCH_WBS: GenerateOptions = {
  seed: 7,
  fanout: [10, 20],
  relationsPerTask: 1.75,
  lanes: { length: 10, phases: 40 },
};

/** A fixed data date (a Monday), so every run schedules the same dates. */
export const BENCH_DATA_DATE = toMinutes(2026, 1, 5);

export function benchDoc(rows: number): WbsDoc {
  return generateWbs(rows, BENCH_WBS);
}

/** The engine's model and result for the document (standard calendar, P6 semantics). */
export function scheduleDoc(doc: WbsDoc): { model: ScheduleModel; result: ScheduleResult } {
  const model = toScheduleModel(
    doc.rows,
    doc.relations,
    [standardCalendarDef('standard')],
    defaultScheduleOptions(BENCH_DATA_DATE, 'standard'),
  );
  const result = scheduleModel(model);
  if (result.errors.length > 0) throw new Error(`bench schedule: ${result.errors[0]!.message}`);
  return { model, result };
}

/** The document as GET versions/{id}/wbs returns it; with `calculated`, the engine's stored dates. */
export function contentOf(
  doc: WbsDoc,
  version: VersionContent['version'],
  calculated: boolean,
): VersionContent {
  const stored = new Map<string, number>();
  let result: ScheduleResult | null = null;
  if (calculated) {
    result = scheduleDoc(doc).result;
    result.ids.forEach((id, i) => stored.set(id, i));
  }
  const at = <T>(id: string, pick: (r: ScheduleResult, i: number) => T): T | null => {
    const i = stored.get(id);
    return result && i !== undefined ? pick(result, i) : null;
  };
  // The contract's mapping of a row (generated rows have no progress, limits or attributes).
  const items: WbsItem[] = [...doc.rows.values()].map((r) => ({
    ...itemFieldsFromRow(r),
    es: at(r.id, (x, i) => x.es[i]!),
    ef: at(r.id, (x, i) => x.ef[i]!),
    ls: at(r.id, (x, i) => x.ls[i]!),
    lf: at(r.id, (x, i) => x.lf[i]!),
    tf: at(r.id, (x, i) => x.tf[i]!),
    ff: at(r.id, (x, i) => x.ff[i]!),
    critical: at(r.id, (x, i) => x.critical[i] === 1),
  }));
  const relations = [...doc.relations.values()].map(relationToApi);
  const state = calculated ? 'calculated' : 'not_calculated';
  return { version: { ...version, timetable_state: state, data_date: BENCH_DATA_DATE }, items, relations };
}
