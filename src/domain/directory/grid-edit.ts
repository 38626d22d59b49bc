// Editing a directory's values in the workbench grid: what a typed or pasted text means in a typed
// column (a number column takes numbers only, a date column a date), a pasted matrix planned as
// cell changes of the values it covers plus new values for its rows past the last one (refused as
// a whole, naming the row and column, when one cell does not read). The undo of these edits is
// the server's (src/server/services/directory-undo.ts).
import type { CellChange } from './cells';

export type AttributeType = 'text' | 'number' | 'date';

/** Why a text does not go into a column, or null when it does. */
export type CellRefusal = 'empty_code' | 'long_code' | 'empty_name' | 'long_name' | 'number' | 'date' | null;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/u;
const DMY = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/u;

function validDate(y: number, m: number, d: number): boolean {
  const x = new Date(Date.UTC(y, m - 1, d));
  return x.getUTCFullYear() === y && x.getUTCMonth() === m - 1 && x.getUTCDate() === d;
}

/** A date as stored (YYYY-MM-DD) from an ISO date or a day.month.year one, or null. */
export function readDate(text: string): string | null {
  const t = text.trim();
  const iso = ISO.exec(t);
  if (iso) return validDate(+iso[1]!, +iso[2]!, +iso[3]!) ? t : null;
  const dmy = DMY.exec(t);
  if (!dmy) return null;
  const [d, m, y] = [+dmy[1]!, +dmy[2]!, +dmy[3]!];
  if (!validDate(y, m, d)) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A number typed with a point or a comma (spaces as thousands separators), or null. */
export function readNumber(text: string): number | null {
  const t = text.trim().replace(/\s/gu, '').replace(',', '.');
  if (t === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/iu.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Whether `text` goes into column `field` ('code', 'name' or 'attr:<key>'). */
export function refusal(field: string, text: string, types: ReadonlyMap<string, AttributeType>): CellRefusal {
  const t = text.trim();
  if (field === 'code') return t === '' ? 'empty_code' : t.length > 64 ? 'long_code' : null;
  if (field === 'name') return t === '' ? 'empty_name' : t.length > 500 ? 'long_name' : null;
  if (t === '') return null;
  const type = types.get(field.slice(5));
  if (type === 'number') return readNumber(t) === null ? 'number' : null;
  if (type === 'date') return readDate(t) === null ? 'date' : null;
  return null;
}

/** The stored form of an attribute's text: numbers as numbers, dates as YYYY-MM-DD, '' as null. */
export function attributeValue(text: string, type: AttributeType | undefined): string | number | null {
  const t = text.trim();
  if (t === '') return null;
  if (type === 'number') return readNumber(t) ?? t;
  if (type === 'date') return readDate(t) ?? t;
  return text;
}

/** A value a paste adds: its cells by column ('code', 'name', 'attr:<key>'). */
export interface NewValue {
  readonly code: string;
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export type PastePlan =
  | {
      readonly ok: true;
      /** Cell changes of the values the matrix covers. */
      readonly changes: CellChange[];
      /** Values for the matrix's rows past the last value, in order. */
      readonly creates: NewValue[];
      /** Pasted cells past the last column (left out). */
      readonly outside: number;
    }
  | {
      readonly ok: false;
      /** The refused cell: its row (0: the first shown value) and its column (a field). */
      readonly row: number;
      readonly field: string;
      readonly reason: Exclude<CellRefusal, null> | 'taken_code';
    };

/**
 * A matrix pasted at (row, col) of the shown values: rows down, columns to the right of the
 * displayed `fields` (a read-only column takes nothing and is skipped over as a cell left out);
 * a single text on a larger range fills it. Rows past the last value become new values, their
 * code the pasted code or `newCode(i)`, their name the pasted name or their code. One cell that
 * does not read, or a code taken twice, refuses the whole paste.
 */
export function planGridPaste(args: {
  readonly ids: readonly string[];
  readonly fields: readonly string[];
  readonly range: { readonly r0: number; readonly r1: number; readonly c0: number; readonly c1: number };
  readonly matrix: readonly (readonly string[])[];
  readonly read: (id: string, field: string) => string;
  readonly types: ReadonlyMap<string, AttributeType>;
  readonly writable: (field: string) => boolean;
  /** The codes of every value of the directory. */
  readonly codes: ReadonlySet<string>;
  readonly newCode: (i: number) => string;
}): PastePlan {
  const { ids, fields, range, matrix, read, types, writable } = args;
  const single = matrix.length === 1 && matrix[0]!.length === 1;
  const height = single ? range.r1 - range.r0 + 1 : matrix.length;
  const changes: CellChange[] = [];
  const creates: NewValue[] = [];
  let outside = 0;
  // The codes after the paste: existing ones, changed or new.
  const codeOf = new Map(ids.map((id) => [id, read(id, 'code')]));
  const allCodes = new Map<string, number>();
  for (const c of args.codes) allCodes.set(c, (allCodes.get(c) ?? 0) + 1);
  const taken = (code: string) => (allCodes.get(code) ?? 0) > 0;
  let fresh = 0;
  for (let i = 0; i < height; i++) {
    const line = single ? Array<string>(range.c1 - range.c0 + 1).fill(matrix[0]![0]!) : matrix[i]!;
    const row = range.r0 + i;
    const id = ids[row];
    const cells: Record<string, string> = {};
    for (let j = 0; j < line.length; j++) {
      const field = fields[range.c0 + j];
      if (field === undefined || !writable(field)) {
        outside++;
        continue;
      }
      const text = line[j]!;
      const why = refusal(field, text, types);
      if (why) return { ok: false, row, field, reason: why };
      cells[field] = text;
    }
    if (id !== undefined) {
      for (const [field, text] of Object.entries(cells)) {
        const before = read(id, field);
        if (field === 'code') {
          const t = text.trim();
          if (t !== before) {
            allCodes.set(before, (allCodes.get(before) ?? 1) - 1);
            if (taken(t)) return { ok: false, row, field, reason: 'taken_code' };
            allCodes.set(t, 1);
            codeOf.set(id, t);
          }
        }
        if (before !== text) changes.push({ id, field, before, after: text });
      }
      continue;
    }
    if (Object.keys(cells).length === 0) continue;
    let code = cells.code?.trim();
    if (code === undefined) {
      do code = args.newCode(fresh++);
      while (taken(code));
    } else if (taken(code)) return { ok: false, row, field: 'code', reason: 'taken_code' };
    allCodes.set(code, 1);
    const attributes: Record<string, string> = {};
    for (const [f, text] of Object.entries(cells)) if (f.startsWith('attr:')) attributes[f.slice(5)] = text;
    creates.push({ code, name: cells.name?.trim() || code, attributes });
  }
  return { ok: true, changes, creates, outside };
}
