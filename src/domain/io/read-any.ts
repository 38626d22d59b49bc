// Reads any schedule file the product accepts: P6 XER, P6 XML and MSPDI through the engine's
// read-schedule.ts, and the spreadsheet and JSON formats through the readers in csv/, xlsx/ and
// json/. The content decides; the file name only breaks ties (a CSV has no signature).

import type { ScheduleModel } from '../schedule/model';
import type { UploadRule } from './csv/fields';
import { readCsv } from './csv/read';
import { ImportError } from './errors';
import { readJson } from './json/read';
import { readSchedule } from './read-schedule';
import { readXlsx } from './xlsx/read';

export type InputFormat = 'xer' | 'xml' | 'xlsx' | 'csv' | 'json';

export interface ReadAnyOptions {
  /** Upload rule for CSV and XLSX tables. */
  rule?: UploadRule;
  /** Larger files are refused before parsing (default 200 MB). */
  maxBytes?: number;
  /** Where a CSV or XLSX table without any date starts (the caller's today; default day zero). */
  undatedStart?: number;
}

export function detectInputFormat(bytes: Uint8Array, fileName: string): InputFormat {
  const name = fileName.toLowerCase();
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (
    i < bytes.length &&
    i < 64 &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  if (bytes[i] === 0x7b) return 'json';
  if (bytes[i] === 0x3c) return 'xml';
  const head = new TextDecoder('latin1').decode(bytes.subarray(i, i + 6));
  if (head === 'ERMHDR') return 'xer';
  if (name.endsWith('.csv') || name.endsWith('.txt')) return 'csv';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.xlsx')) return 'xlsx';
  return name.endsWith('.xer') ? 'xer' : 'xml';
}

export async function readAnySchedule(
  bytes: Uint8Array,
  fileName: string,
  options: ReadAnyOptions = {},
): Promise<ScheduleModel> {
  const max = options.maxBytes ?? 200 * 1024 * 1024;
  if (bytes.length > max) {
    throw new ImportError(
      'import.too_large',
      { where: fileName, value: String(bytes.length) },
      `${fileName} is ${Math.round(bytes.length / 1048576)} MB; the limit is ${Math.round(max / 1048576)} MB.`,
    );
  }
  if (bytes.length === 0) throw new ImportError('import.empty', { where: fileName }, `${fileName} is empty.`);
  switch (detectInputFormat(bytes, fileName)) {
    case 'xlsx':
      return readXlsx(bytes, { rule: options.rule, undatedStart: options.undatedStart });
    case 'csv':
      return readCsv(bytes, { rule: options.rule, undatedStart: options.undatedStart });
    case 'json':
      return readJson(bytes);
    default:
      return readSchedule(bytes, fileName);
  }
}
