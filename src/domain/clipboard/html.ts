// The HTML table spreadsheets put on the clipboard beside the TSV. It carries what TSV loses
// (merged cells, line breaks inside a cell, exact spaces), so a paste prefers it (STYLE practice
// 10). Parsed without a DOM (this runs in workers and on the server): a small tokenizer that
// follows HTML's rules where clipboard tables need them — unquoted attributes, comments,
// <style> in <head>, entities, <br>, whitespace collapsing, colspan and rowspan.

import type { Matrix } from './tsv';

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[^>]*>|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</gu;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  copy: '©',
  reg: '®',
  deg: '°',
  times: '×',
  ndash: '–',
  mdash: '—',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  hellip: '…',
  bull: '•',
  middot: '·',
  euro: '€',
  num: '#',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/giu, (m, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED[name.toLowerCase()] ?? m;
  });
}

const SPAN_ATTRS = {
  colspan: /(?:^|\s)colspan\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/iu,
  rowspan: /(?:^|\s)rowspan\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/iu,
};

function span(attrs: string, name: keyof typeof SPAN_ATTRS): number {
  // Most cells have no span: skip the attribute regex for them (a 10k-row paste has 100k cells).
  if (!attrs.includes('span') && !attrs.includes('SPAN')) return 1;
  const m = SPAN_ATTRS[name].exec(attrs);
  const n = Number.parseInt((m && (m[1] ?? m[2] ?? m[3])) ?? '1', 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, 1000) : 1;
}

/**
 * A cell's text as a browser shows it: source whitespace collapses to one space and is trimmed
 * around <br> line breaks; entities are decoded after that, so &nbsp; and &#9; survive. NBSP
 * becomes a plain space, as it does in Excel's own TSV (Excel writes runs of spaces as &nbsp;).
 */
function cellText(lines: string[]): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (/[ \t\n\r\f]/u.test(line)) line = line.replace(/[ \t\n\r\f]+/gu, ' ').replace(/^ | $/gu, '');
    if (line.includes('&')) line = decodeEntities(line).replace(/\u00a0/gu, ' ');
    else if (line.includes('\u00a0')) line = line.replace(/\u00a0/gu, ' ');
    out += i === 0 ? line : '\n' + line;
  }
  return out;
}

/** The first table of an HTML fragment as rows × columns, or null when there is no table. */
export function parseHtmlTable(html: string): Matrix | null {
  const rows: Matrix = [];
  let depth = 0;
  let seenTable = false;
  let skipUntil: string | null = null;
  let row: string[] | null = null;
  let cell: string[] | null = null;
  let cellAttrs = '';
  // Columns still covered by a rowspan from above: column → rows left.
  let covered = new Map<number, number>();

  const fillCovered = () => {
    while (row && (covered.get(row.length) ?? 0) > 0) row.push('');
  };
  const endCell = () => {
    if (!row || !cell) return;
    fillCovered();
    const col = row.length;
    const cols = span(cellAttrs, 'colspan');
    const down = span(cellAttrs, 'rowspan');
    row.push(cellText(cell));
    for (let k = 1; k < cols; k++) row.push('');
    if (down > 1) for (let k = 0; k < cols; k++) covered.set(col + k, down);
    cell = null;
  };
  const endRow = () => {
    endCell();
    if (!row) return;
    fillCovered();
    rows.push(row);
    const next = new Map<number, number>();
    for (const [c, n] of covered) if (n > 1) next.set(c, n - 1);
    covered = next;
    row = null;
  };

  for (const m of html.matchAll(TOKEN)) {
    const [token, slash, rawName, attrs = ''] = m;
    if (rawName === undefined) {
      if (token.startsWith('<!') || token.startsWith('<?')) continue;
      if (cell && !skipUntil) cell[cell.length - 1] += token;
      continue;
    }
    const name = rawName.toLowerCase();
    if (skipUntil) {
      if (slash && name === skipUntil) skipUntil = null;
      continue;
    }
    if (!slash && (name === 'style' || name === 'script' || name === 'title')) {
      skipUntil = name;
      continue;
    }
    if (name === 'table') {
      if (slash) {
        depth--;
        if (depth === 0) {
          endRow();
          break;
        }
      } else if (depth > 0 || !seenTable) {
        depth++;
        seenTable = true;
      }
      continue;
    }
    if (depth !== 1) {
      // Text of nested tables flows into the outer cell; their structure is ignored.
      if (name === 'br' && cell) cell.push('');
      continue;
    }
    if (name === 'tr') {
      endRow();
      if (!slash) row = [];
    } else if (name === 'td' || name === 'th') {
      endCell();
      if (!slash) {
        if (!row) row = [];
        cell = [''];
        cellAttrs = attrs;
      }
    } else if (name === 'br' && cell) {
      cell.push('');
    }
  }
  if (!seenTable) return null;
  endRow();
  return rows;
}

const escapeHtml = (s: string) =>
  s.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;');

/** Cell text → HTML that reads back the same: line breaks as <br>, kept spaces as &nbsp;. */
function cellHtml(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      escapeHtml(line)
        // Whitespace that HTML would collapse is written as character references.
        .replace(/[\t\r\f]/gu, (c) => `&#${c.charCodeAt(0)};`)
        // Spaces HTML would collapse or trim: leading, trailing, and the second of a pair.
        .replace(/^ | $/gu, '&nbsp;')
        .replace(/ (?= )/gu, '&nbsp;'),
    )
    .join('<br>');
}

/** Rows × columns → a clipboard HTML table that Excel and Google Sheets paste cell by cell. */
export function serializeHtmlTable(matrix: readonly (readonly string[])[]): string {
  const body = matrix.map((row) => `<tr>${row.map((v) => `<td>${cellHtml(v)}</td>`).join('')}</tr>`).join('');
  return `<meta charset="utf-8"><table><tbody>${body}</tbody></table>`;
}
