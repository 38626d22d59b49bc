// A directory as a table (the upload and export format, CSV or the first sheet of an XLSX file):
// a header row, then one row per value. Columns "code" and "name" are required, "parent" names the
// parent's code (empty for a top value), and every other column is an attribute of the directory.
// Header names are matched without case; Russian and French headers are accepted as well. A
// "wbs" column (the "upload with assignment" variant) lists codes of WBS rows, separated by
// commas or semicolons, to link to the value; it is not an attribute.

export interface TableEntry {
  code: string;
  name: string;
  parent_code: string | null;
  values: Record<string, string>;
  /** Codes of WBS rows to link to this value (the "wbs" column; empty without one). */
  wbs_codes: string[];
}

export interface DirectoryTable {
  /** Attribute columns in file order. */
  attributes: string[];
  /** Parents come before their children. */
  entries: TableEntry[];
}

/** A problem with the file: a message key and its parameters (row is the 1-based file row). */
export interface TableProblem {
  code:
    | 'directory.no_header'
    | 'directory.no_rows'
    | 'directory.empty_code'
    | 'directory.duplicate_code'
    | 'directory.unknown_parent'
    | 'directory.parent_cycle'
    | 'directory.too_long';
  params: Record<string, string | number>;
}

const HEADERS: Record<'code' | 'name' | 'parent' | 'wbs', readonly string[]> = {
  code: ['code', 'код', 'шифр'],
  name: ['name', 'наименование', 'название', 'nom', 'libellé', 'libelle'],
  parent: ['parent', 'parent code', 'parent_code', 'родитель', 'код родителя'],
  wbs: [
    'wbs',
    'wbs code',
    'wbs codes',
    'wbs_code',
    'wbs_codes',
    'код wbs',
    'коды wbs',
    'code wbs',
    'codes wbs',
  ],
};

export const MAX_CODE_LENGTH = 64;
export const MAX_VALUE_LENGTH = 500;

const columnOf = (header: string[], names: readonly string[]) =>
  header.findIndex((h) => names.includes(h.trim().toLowerCase()));

/** Reads rows of cells (strings) as a directory; the problems are empty when it can be stored. */
export function readDirectoryTable(rows: readonly (readonly string[])[]): {
  table: DirectoryTable;
  problems: TableProblem[];
} {
  const problems: TableProblem[] = [];
  const empty = { table: { attributes: [], entries: [] }, problems };
  const headerAt = rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerAt < 0) return { ...empty, problems: [{ code: 'directory.no_rows', params: {} }] };
  const header = rows[headerAt]!.map((c) => c.trim());
  const codeCol = columnOf(header, HEADERS.code);
  const nameCol = columnOf(header, HEADERS.name);
  const parentCol = columnOf(header, HEADERS.parent);
  const wbsCol = columnOf(header, HEADERS.wbs);
  if (codeCol < 0 || nameCol < 0)
    return { ...empty, problems: [{ code: 'directory.no_header', params: { columns: 'code, name' } }] };
  const attrCols = header
    .map((h, i) => ({ h, i }))
    .filter(({ h, i }) => h !== '' && i !== codeCol && i !== nameCol && i !== parentCol && i !== wbsCol);

  const entries: (TableEntry & { row: number })[] = [];
  const rowOfCode = new Map<string, number>();
  for (let r = headerAt + 1; r < rows.length; r++) {
    const cells = rows[r]!;
    if (cells.every((c) => c.trim() === '')) continue;
    const row = r + 1;
    const code = (cells[codeCol] ?? '').trim();
    const name = (cells[nameCol] ?? '').trim();
    if (code === '') {
      problems.push({ code: 'directory.empty_code', params: { row } });
      continue;
    }
    if (code.length > MAX_CODE_LENGTH || name.length > MAX_VALUE_LENGTH) {
      problems.push({ code: 'directory.too_long', params: { row } });
      continue;
    }
    if (rowOfCode.has(code)) {
      problems.push({ code: 'directory.duplicate_code', params: { row, code, first: rowOfCode.get(code)! } });
      continue;
    }
    rowOfCode.set(code, row);
    const parent = parentCol >= 0 ? (cells[parentCol] ?? '').trim() : '';
    const values: Record<string, string> = {};
    for (const { h, i } of attrCols) {
      const v = (cells[i] ?? '').trim();
      if (v !== '') values[h] = v.slice(0, MAX_VALUE_LENGTH);
    }
    const wbs_codes =
      wbsCol >= 0
        ? (cells[wbsCol] ?? '')
            .split(/[;,]/)
            .map((c) => c.trim())
            .filter((c) => c !== '')
        : [];
    entries.push({
      code,
      name: name || code,
      parent_code: parent === '' ? null : parent,
      values,
      wbs_codes,
      row,
    });
  }
  if (entries.length === 0 && problems.length === 0) problems.push({ code: 'directory.no_rows', params: {} });
  for (const e of entries)
    if (e.parent_code !== null && !rowOfCode.has(e.parent_code))
      problems.push({ code: 'directory.unknown_parent', params: { row: e.row, code: e.parent_code } });

  // Parents first: a depth-first walk from the top values; whatever it cannot reach is in a cycle.
  const kids = new Map<string | null, typeof entries>();
  for (const e of entries) {
    const list = kids.get(e.parent_code) ?? [];
    list.push(e);
    kids.set(e.parent_code, list);
  }
  const ordered: TableEntry[] = [];
  const stack = [...(kids.get(null) ?? [])].reverse();
  while (stack.length) {
    const e = stack.pop()!;
    ordered.push({
      code: e.code,
      name: e.name,
      parent_code: e.parent_code,
      values: e.values,
      wbs_codes: e.wbs_codes,
    });
    stack.push(...[...(kids.get(e.code) ?? [])].reverse());
  }
  if (problems.length === 0 && ordered.length < entries.length) {
    const reached = new Set(ordered.map((e) => e.code));
    const first = entries.find((e) => !reached.has(e.code))!;
    problems.push({ code: 'directory.parent_cycle', params: { row: first.row, code: first.code } });
  }
  return { table: { attributes: attrCols.map((c) => c.h), entries: ordered }, problems };
}

/** The rows of an export: the header, then every value, parents before children. */
export function writeDirectoryTable(
  attributes: readonly string[],
  values: readonly {
    code: string;
    name: string;
    parent_code: string | null;
    values: Record<string, unknown>;
  }[],
): string[][] {
  return [
    ['code', 'name', 'parent', ...attributes],
    ...values.map((v) => [
      v.code,
      v.name,
      v.parent_code ?? '',
      ...attributes.map((a) =>
        v.values[a] === undefined || v.values[a] === null ? '' : String(v.values[a]),
      ),
    ]),
  ];
}
