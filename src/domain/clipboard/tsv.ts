// Tab-separated clipboard text as Excel, LibreOffice and Google Sheets write and read it: fields
// split by tabs, rows by CRLF (LF and CR accepted), and a field that starts with a double quote
// is quoted — it may then hold tabs and line breaks, and "" stands for one quote. A quote that
// is not at a field's start is an ordinary character, and an opening quote that never closes
// properly is literal too (a cell that merely begins with a quote).

export type Matrix = string[][];

/** Quote a field only when it must be (what Excel does); a lone empty field is quoted so it survives. */
function field(value: string, alone: boolean): string {
  if (/[\t\n\r"]/u.test(value) || (alone && value === '')) return `"${value.replace(/"/gu, '""')}"`;
  return value;
}

/** Rows × columns → TSV, each row ended by CRLF (as Excel writes it). */
export function serializeTsv(matrix: readonly (readonly string[])[]): string {
  let out = '';
  for (const row of matrix) out += row.map((v) => field(v, row.length === 1)).join('\t') + '\r\n';
  return out;
}

/** End of a quoted field starting at `open` (index of the closing quote), or -1 if it has none. */
function closingQuote(text: string, open: number): number {
  let i = open + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return -1;
    if (text[q + 1] === '"') {
      i = q + 2;
      continue;
    }
    const after = text[q + 1];
    // A closing quote must end the field.
    if (after === undefined || after === '\t' || after === '\n' || after === '\r') return q;
    i = q + 1;
  }
}

/** TSV → rows × columns; a final line break does not make an extra empty row. */
export function parseTsv(text: string): Matrix {
  const rows: Matrix = [];
  if (text === '') return rows;
  let row: string[] = [];
  let i = 0;
  for (;;) {
    let value: string;
    const close = text[i] === '"' ? closingQuote(text, i) : -1;
    if (close >= 0) {
      value = text.slice(i + 1, close).replace(/""/gu, '"');
      i = close + 1;
    } else {
      let j = i;
      while (j < text.length && text[j] !== '\t' && text[j] !== '\n' && text[j] !== '\r') j++;
      value = text.slice(i, j);
      i = j;
    }
    row.push(value);
    if (i >= text.length) break;
    const c = text[i]!;
    if (c === '\t') {
      i++;
      continue;
    }
    i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    rows.push(row);
    row = [];
    if (i >= text.length) return rows; // the trailing line break
  }
  rows.push(row);
  return rows;
}
