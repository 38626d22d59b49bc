// XER is tab-separated text: ERMHDR, then per table %T name, %F field names, %R rows, and %E at
// the end. Rows are mapped by the %F names because column order differs between P6 versions.

import { ImportError } from '../errors';

export interface XerRow {
  /** 1-based line in the file, for error messages. */
  line: number;
  get(field: string): string;
}

export interface XerTable {
  name: string;
  line: number;
  fields: string[];
  rows: XerRow[];
}

export function parseXerTables(text: string): Map<string, XerTable> {
  const lines = text.split(/\r?\n/);
  if (!lines[0]?.startsWith('ERMHDR')) {
    throw new ImportError(
      'import.unknown_format',
      { where: 'ERMHDR', line: 1 },
      'Not an XER file: the first line is not ERMHDR',
    );
  }
  const tables = new Map<string, XerTable>();
  let cur: XerTable | null = null;
  let fieldIndex = new Map<string, number>();
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n];
    if (line.length === 0) continue;
    const cells = line.split('\t');
    const tag = cells[0];
    if (tag === '%T') {
      cur = { name: cells[1] ?? '', line: n + 1, fields: [], rows: [] };
      tables.set(cur.name, cur);
    } else if (tag === '%F') {
      if (!cur) throw bad(n, line, '%F before %T');
      cur.fields = cells.slice(1);
      fieldIndex = new Map(cur.fields.map((f, i) => [f, i + 1]));
    } else if (tag === '%R') {
      if (!cur || cur.fields.length === 0) throw bad(n, line, '%R before %F');
      const idx = fieldIndex;
      cur.rows.push({ line: n + 1, get: (f) => cells[idx.get(f) ?? -1] ?? '' });
    } else if (tag === '%E') {
      break;
    } else {
      throw bad(n, line, `unexpected line tag ${tag.slice(0, 10)}`);
    }
  }
  return tables;
}

function bad(n: number, line: string, what: string): ImportError {
  return new ImportError(
    'import.bad_value',
    { where: 'XER', line: n + 1, value: line.slice(0, 40) },
    `XER line ${n + 1}: ${what}`,
  );
}
