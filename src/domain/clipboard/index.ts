// Clipboard formats of the grid: pure parse and serialize of TSV and HTML tables.
import { parseHtmlTable, serializeHtmlTable } from './html';
import { parseTsv, serializeTsv, type Matrix } from './tsv';

export * from './html';
export * from './tsv';

/** What a copy writes: both formats, so every target gets its best one. */
export function serializeClipboard(matrix: readonly (readonly string[])[]): {
  'text/plain': string;
  'text/html': string;
} {
  return { 'text/plain': serializeTsv(matrix), 'text/html': serializeHtmlTable(matrix) };
}

/** What a paste reads: the HTML table when there is one, else the TSV text. */
export function parseClipboard(data: { html?: string | null; text?: string | null }): Matrix {
  const fromHtml = data.html ? parseHtmlTable(data.html) : null;
  if (fromHtml && fromHtml.length > 0) return fromHtml;
  return parseTsv(data.text ?? '');
}
