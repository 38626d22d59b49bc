// Clipboard formats for the grid: a matrix of strings ↔ TSV (quote-aware, as Excel writes it) and
// an HTML table. Reading prefers the HTML table when there is one (Excel puts one there).
// TEMPORARY home: moves to src/domain/clipboard when that lands (the domain engineer's folder).

export type Matrix = string[][];

export function serializeTsv(m: readonly (readonly string[])[]): string {
  const cell = (s: string) => (/[\t\n\r"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return m.map((row) => row.map(cell).join('\t')).join('\r\n');
}

export function parseTsv(text: string): Matrix {
  const rows: Matrix = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  const t = text.replace(/\r\n?/g, '\n');
  while (i < t.length) {
    const c = t[i]!;
    if (quoted) {
      if (c === '"' && t[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === '\t') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
    i++;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function serializeHtml(m: readonly (readonly string[])[]): string {
  const body = m.map((row) => `<tr>${row.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('');
  return `<table><tbody>${body}</tbody></table>`;
}

/** Rows of the first table in an HTML fragment, or null (needs DOMParser: browser only). */
export function parseHtmlTable(html: string): Matrix | null {
  if (typeof DOMParser === 'undefined') return null;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const table = doc.querySelector('table');
  if (!table) return null;
  const out: Matrix = [];
  for (const tr of Array.from(table.querySelectorAll('tr'))) {
    const row: string[] = [];
    for (const td of Array.from(tr.querySelectorAll('td,th'))) {
      const span = Number(td.getAttribute('colspan') ?? 1);
      row.push((td.textContent ?? '').replace(/\u00a0/g, ' ').trim());
      for (let k = 1; k < span; k++) row.push('');
    }
    out.push(row);
  }
  return out.length > 0 ? out : null;
}

export function readMatrix(text: string, html: string | null): Matrix {
  return (html ? parseHtmlTable(html) : null) ?? parseTsv(text.replace(/\r?\n$/, ''));
}
