// The cells of an uploaded directory file: the first sheet of an XLSX workbook, or a CSV text
// (UTF-8, a byte-order mark dropped; the delimiter found from the header line), as strings.
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../domain/io/xlsx/exceljs';
import { parseCsv } from '../../domain/io/csv/parse';
import { badRequest } from '../errors';

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b;

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v !== 'object') return String(v);
  if ('result' in v) return cellText((v.result ?? null) as ExcelJS.CellValue);
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v) return String(v.text);
  return '';
}

export async function directoryFileRows(data: Buffer): Promise<string[][]> {
  if (isZip(data)) {
    const wb = new (await loadExcelJS()).Workbook();
    try {
      await wb.xlsx.load(
        data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
      );
    } catch {
      throw badRequest('directory.bad_file', { field: 'body.file' });
    }
    const ws = wb.worksheets[0];
    if (!ws) throw badRequest('directory.no_rows');
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, r) => {
      const out: string[] = [];
      row.eachCell({ includeEmpty: false }, (c, col) => {
        out[col - 1] = cellText(c.value);
      });
      rows[r - 1] = Array.from(out, (x) => x ?? '');
    });
    return Array.from(rows, (r) => r ?? []);
  }
  const text = new TextDecoder('utf-8').decode(data).replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw badRequest('directory.bad_file', { field: 'body.file' });
  return parseCsv(text).rows;
}
