// The CPU-heavy steps of the jobs, as plain functions of plain data so that they run the same in
// a worker thread (pool.ts) or inline: read + schedule an uploaded file, schedule a model, and
// write a model in an export format.
import { isFieldKey } from '../../domain/io/csv/fields';
import type { FieldKey, UploadRule as DomainRule } from '../../domain/io/csv/fields';
import { ImportError } from '../../domain/io/errors';
import { detectInputFormat, readAnySchedule } from '../../domain/io/read-any';
import { withResults, writeSchedule } from '../../domain/io/write-schedule';
import { partsToMinutes } from '../../domain/io/write-time';
import type { ExportFormat as DomainFormat } from '../../domain/io/write-schedule';
import { levelSchedule } from '../../domain/levelling';
import type { LevellingOptions } from '../../domain/levelling';
import { levellingInput, levelledRows } from '../../domain/resources/level-input';
import type { LevelAssignment, LevelResource, LevelledRowData } from '../../domain/resources/level-input';
import { scheduleModel } from '../../domain/schedule';
import type { ScheduleModel, ScheduleResult } from '../../domain/schedule';
import type { UploadRule } from '../../api/transfer';
import { writePdf } from '../export/pdf';
import { MAX_UPLOAD_BYTES } from '../storage/files';
import { checkComplete, checkXerCalendars } from './checks';

export type WriteFormat = DomainFormat | 'pdf';

/** The contract's rule → the readers' rule; a column naming no field is a clear error. */
export function domainRule(rule: UploadRule | null | undefined): DomainRule | undefined {
  if (!rule) return undefined;
  const columns: Record<string, FieldKey> = {};
  for (const [col, field] of Object.entries(rule.columns ?? {})) {
    if (!isFieldKey(field))
      throw new ImportError(
        'import.bad_value',
        { where: rule.name, field: col, value: field },
        `Unknown field ${field}`,
      );
    columns[col] = field;
  }
  const hasColumns = Object.keys(columns).length > 0;
  return {
    name: rule.name,
    skipRows: rule.skip_rows,
    ...(hasColumns ? { columns, hasHeader: rule.has_header } : {}),
  };
}

/** Schedules a model; a loop in the logic is an import error naming the activities in it. */
export function scheduleChecked(model: ScheduleModel): ScheduleResult {
  const result = scheduleModel(model);
  const cycle = result.errors.find((e) => e.code === 'schedule.cycle');
  if (cycle) {
    const codes = new Map(model.activities.map((a) => [a.id, a.code || a.name || a.id]));
    const names = cycle.activities.slice(0, 12).map((id) => codes.get(id) ?? id);
    const shown = names.join(' → ') + (cycle.activities.length > 12 ? ' …' : '');
    throw new ImportError('import.cycle', { where: 'relations', activities: shown }, cycle.message);
  }
  return result;
}

export interface Parsed {
  model: ScheduleModel;
  result: ScheduleResult;
}

/** The start of the server's current day in the model's minutes. */
function todayInModelMinutes(now = new Date()): number {
  return partsToMinutes({ y: now.getFullYear(), mo: now.getMonth() + 1, d: now.getDate(), h: 0, mi: 0 });
}

export async function parseAndSchedule(
  bytes: Uint8Array,
  fileName: string,
  rule: UploadRule | null,
): Promise<Parsed> {
  const format = detectInputFormat(bytes, fileName);
  checkComplete(bytes, format);
  const model = await readAnySchedule(bytes, fileName, {
    rule: domainRule(rule),
    maxBytes: MAX_UPLOAD_BYTES,
    // A table of durations alone starts today, as a new project in MS Project does.
    undatedStart: todayInModelMinutes(),
  });
  if (format === 'xer') checkXerCalendars(bytes, model);
  if (model.activities.length === 0)
    throw new ImportError('import.empty', { where: fileName }, 'The file holds no activities');
  return { model, result: scheduleChecked(model) };
}

/** Schedules the model and writes it with the computed dates and floats. */
export async function exportModel(model: ScheduleModel, format: WriteFormat): Promise<Uint8Array> {
  const result = scheduleModel(model);
  // A loop (possible after edits) leaves the stored dates as they are.
  const dated = result.errors.length ? model : withResults(model, result);
  return format === 'pdf' ? writePdf(dated) : writeSchedule(dated, format);
}

export interface Levelled {
  rows: LevelledRowData[];
  stats: {
    levelled: number;
    delayed: number;
    overallocations_before: number;
    overallocations_after: number;
    resolved: boolean;
    finish_before: number | null;
    finish_after: number | null;
    passes: number;
    ms: number;
  };
}

/**
 * Levels a version (src/domain/levelling) on its resources and assignments and answers the rows
 * it moved with their dates before, and the figures. A loop in the logic is a clear error.
 */
export function levelModel(
  model: ScheduleModel,
  resources: LevelResource[],
  assignments: LevelAssignment[],
  only: string[] | null,
  options: LevellingOptions,
): Levelled {
  const base = scheduleChecked(model);
  const input = levellingInput(model, resources, assignments, only);
  const result = levelSchedule({ model, ...input }, options);
  const before = new Map(base.ids.map((id, i) => [id, { start: base.es[i]!, finish: base.ef[i]! }]));
  const st = result.stats;
  const finite = (t: number) => (Number.isFinite(t) ? t : null);
  return {
    rows: levelledRows(result, before),
    stats: {
      levelled: st.levelled,
      delayed: st.delayed,
      overallocations_before: st.overallocationsBefore,
      overallocations_after: st.overallocationsAfter,
      resolved: st.resolved,
      finish_before: finite(st.projectFinishBefore),
      finish_after: finite(st.projectFinishAfter),
      passes: st.passes,
      ms: Math.round(st.ms),
    },
  };
}
