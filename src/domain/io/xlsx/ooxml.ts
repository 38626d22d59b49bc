// A small SpreadsheetML (XLSX) package writer on fflate: inline strings, numbers, booleans and
// dates as serial numbers with date formats, bold frozen header row, column widths, autofilter.
// exceljs takes about 7 s for a 10k-activity workbook; this takes a fraction of a second, which
// keeps the export inside the issue's 3 s budget. (Reading still uses exceljs.)

import { zipSync } from 'fflate';
import { escapeXml } from '../xml-writer';
import { columnLetter } from '../csv/fields';

export type CellFormat = 'datetime' | 'date' | 'hours' | undefined;
export type SheetValue = string | number | boolean | Date | null;

export interface SheetSpec {
  name: string;
  headers: string[];
  widths: number[];
  formats: CellFormat[];
  rows: SheetValue[][];
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** cellXfs indexes in styles.xml. */
const STYLE = { header: 1, datetime: 2, date: 3, hours: 4 } as const;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

const STYLES = `${HEAD}<styleSheet xmlns="${NS}"><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/><numFmt numFmtId="166" formatCode="0.##"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function cell(ref: string, v: SheetValue, fmt: CellFormat, header: boolean): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  if (typeof v === 'string') {
    const space =
      v.length && (v.charCodeAt(0) <= 32 || v.charCodeAt(v.length - 1) <= 32) ? ' xml:space="preserve"' : '';
    return `<c r="${ref}" t="inlineStr"${header ? ` s="${STYLE.header}"` : ''}><is><t${space}>${escapeXml(v)}</t></is></c>`;
  }
  if (typeof v === 'boolean') return `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
  const n = v instanceof Date ? (v.getTime() - EXCEL_EPOCH_MS) / 86_400_000 : v;
  const style = fmt ? ` s="${STYLE[fmt]}"` : v instanceof Date ? ` s="${STYLE.datetime}"` : '';
  return `<c r="${ref}"${style}><v>${n}</v></c>`;
}

function sheetXml(s: SheetSpec): string {
  const letters = s.headers.map((_, i) => columnLetter(i));
  const out: string[] = [
    `${HEAD}<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>`,
    ...s.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`),
    '</cols><sheetData>',
    `<row r="1">${s.headers.map((h, i) => cell(`${letters[i]}1`, h, undefined, true)).join('')}</row>`,
  ];
  s.rows.forEach((row, r) => {
    const n = r + 2;
    out.push(`<row r="${n}">`);
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (v !== null && v !== undefined)
        out.push(cell(`${letters[i] ?? columnLetter(i)}${n}`, v, s.formats[i], false));
    }
    out.push('</row>');
  });
  out.push(`</sheetData><autoFilter ref="A1:${letters.at(-1) ?? 'A'}1"/></worksheet>`);
  return out.join('');
}

export function packageXlsx(sheets: readonly SheetSpec[], creator = 'Planning Workbench'): Uint8Array {
  const enc = new TextEncoder();
  const files: Record<string, Uint8Array> = {};
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  files['[Content_Types].xml'] = enc.encode(
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>${overrides}</Types>`,
  );
  files['_rels/.rels'] = enc.encode(
    `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
  );
  files['docProps/core.xml'] = enc.encode(
    `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${escapeXml(creator)}</dc:creator></cp:coreProperties>`,
  );
  files['xl/workbook.xml'] = enc.encode(
    `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>${sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>${sheets.some((s) => s.headers.length) ? `<definedNames>${sheets.map((s, i) => `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">'${escapeXml(s.name.replace(/'/g, "''"))}'!$A$1:$${columnLetter(Math.max(0, s.headers.length - 1))}$1</definedName>`).join('')}</definedNames>` : ''}</workbook>`,
  );
  files['xl/_rels/workbook.xml.rels'] = enc.encode(
    `${HEAD}<Relationships xmlns="${PKG_REL}">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  );
  files['xl/styles.xml'] = enc.encode(STYLES);
  sheets.forEach((s, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = enc.encode(sheetXml(s))));
  // Level 1: a 10k-activity sheet is ~20 MB of XML; stronger levels cost seconds for a few %.
  return zipSync(files, { level: 1 });
}
