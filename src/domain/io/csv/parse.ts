// RFC 4180 CSV text ⇄ rows: quoted fields with doubled quotes and embedded line breaks, CRLF or
// LF, and the delimiter found from the header line (',' ';' or tab: Excel writes ';' where the
// decimal mark is a comma).

export type Delimiter = ',' | ';' | '\t';

export function detectDelimiter(text: string): Delimiter {
  const firstLine = text.slice(0, Math.max(0, text.indexOf('\n')) || text.length);
  const counts = ([',', ';', '\t'] as const).map((d) => [d, firstLine.split(d).length] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 1 ? counts[0]![0] : ',';
}

export interface ParsedCsv {
  rows: string[][];
  /** 1-based line of the file where each row starts (rows may span lines). */
  lines: number[];
  /** A quote left open at the end of the file: the file was cut off. */
  unterminatedAt: number | null;
}

export function parseCsv(text: string, delimiter: Delimiter = detectDelimiter(text)): ParsedCsv {
  const rows: string[][] = [];
  const lines: number[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      lines.push(rowLine);
      row = [];
      field = '';
      line++;
      rowLine = line;
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
    lines.push(rowLine);
  }
  return { rows, lines, unterminatedAt: quoted ? quoteLine : null };
}

function quote(value: string, delimiter: Delimiter): string {
  return value.includes('"') || value.includes(delimiter) || /[\r\n]/.test(value) || /^\s|\s$/.test(value)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

export function formatCsv(rows: readonly (readonly string[])[], delimiter: Delimiter = ','): string {
  return rows.map((r) => r.map((v) => quote(v, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}
