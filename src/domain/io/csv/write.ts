// CSV writer: ONE activity table, UTF-8 with a byte-order mark (so Excel opens it as UTF-8),
// comma-separated, CRLF. Relations are the 'Predecessors' column: '1020FS+16h; 1030SS' with
// references by activity code (by ID when codes are not unique) and lags in working hours.
// Durations and floats are working hours; dates 'YYYY-MM-DD HH:MM'. A CSV carries no calendar
// definitions and no project options: pass them to readCsv when re-reading (see read.ts).

import type { ScheduleModel } from '../../schedule/model';
import { formatDateTime, formatNumber } from '../write-time';
import { activityTable, type TableValue } from './model-to-rows';
import { formatCsv } from './parse';
import type { FieldDef } from './fields';

function text(v: TableValue, def: FieldDef): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') {
    if (def.kind === 'date') return formatDateTime(v);
    if (def.kind === 'hours') return formatNumber(v / 60);
    return formatNumber(v);
  }
  return v;
}

export function writeCsvText(model: ScheduleModel): string {
  const table = activityTable(model, true);
  const rows = [
    table.fields.map((f) => f.header),
    ...table.rows.map((r) => r.map((v, i) => text(v, table.fields[i]!))),
  ];
  return formatCsv(rows);
}

export function writeCsv(model: ScheduleModel): Uint8Array {
  return new TextEncoder().encode('\uFEFF' + writeCsvText(model));
}
