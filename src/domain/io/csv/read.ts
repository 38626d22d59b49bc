// CSV reader: one activity table with a predecessor column (see write.ts for the layout). The
// upload rule decides the rows to skip and the column mapping; calendars are not in a CSV, so
// each Calendar ID gets a standard 5×8 calendar unless the caller passes the real ones.

import type { CalendarDef, ScheduleModel, ScheduleOptions } from '../../schedule/model';
import { ImportError } from '../errors';
import { DEFAULT_UPLOAD_RULE, type UploadRule } from './fields';
import { parseCsv } from './parse';
import { tableToModel } from './rows-to-model';

export interface CsvReadOptions {
  rule?: UploadRule;
  calendars?: CalendarDef[];
  options?: Partial<ScheduleOptions>;
  projectName?: string;
  /** Where a table without any date starts (TableInput.undatedStart). */
  undatedStart?: number | undefined;
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // Excel saves "CSV" in the Windows code page: Western text still reads as windows-1252.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function readCsvText(text: string, opts: CsvReadOptions = {}): ScheduleModel {
  if (!text.trim()) throw new ImportError('import.empty', { where: 'csv' }, 'The CSV file is empty.');
  if (text.includes('\u0000'))
    throw new ImportError('import.bad_encoding', { where: 'csv' }, 'The CSV file contains binary data.');
  const parsed = parseCsv(text);
  if (parsed.unterminatedAt !== null) {
    throw new ImportError(
      'import.truncated',
      { where: 'csv', line: parsed.unterminatedAt },
      `The CSV file ends inside a quoted value that starts at line ${parsed.unterminatedAt}.`,
    );
  }
  return tableToModel({
    where: 'csv',
    rows: parsed.rows,
    lines: parsed.lines,
    rule: opts.rule ?? DEFAULT_UPLOAD_RULE,
    calendars: opts.calendars ?? null,
    options: opts.options,
    projectName: opts.projectName,
    source: 'csv',
    ...(opts.undatedStart !== undefined ? { undatedStart: opts.undatedStart } : {}),
  });
}

export function readCsv(bytes: Uint8Array, opts: CsvReadOptions = {}): ScheduleModel {
  return readCsvText(decode(bytes), opts);
}
