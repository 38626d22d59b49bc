// exceljs is a large library (about a second to load on this machine): a process loads it with the
// first workbook it reads or writes, not at start — the server, every integration test file and
// the Resources screen's bundle paid it before without touching a workbook.
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | null = null;

/** The exceljs module, loaded once. */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then(
    (m) => ((m as { default?: typeof ExcelJS }).default ?? m) as typeof ExcelJS,
  );
  return loading;
}
