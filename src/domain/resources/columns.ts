// The columns of the resources grid and how a cell's text becomes a field value: what typing,
// a matrix paste and copy go through. A text that is not a value of its column is refused with
// the column named, never stored half-read.

export const RESOURCE_KINDS = [
  'resource',
  'document',
  'cost',
  'step',
  'custom',
  'actvcode',
  'checklist',
  'worktype',
] as const;
export const RESOURCE_TYPES = ['labor', 'nonlabor', 'material', 'cost'] as const;

export type ResourceColumn =
  | 'code'
  | 'name'
  | 'kind'
  | 'resource_type'
  | 'unit'
  | 'price'
  | 'default_limit'
  | 'calendar_id'
  | 'specialty';

export const RESOURCE_COLUMNS: readonly ResourceColumn[] = [
  'code',
  'name',
  'kind',
  'resource_type',
  'unit',
  'price',
  'default_limit',
  'calendar_id',
  'specialty',
];

/** What the grid needs to show and read choices: labels of enum values and calendar names. */
export interface CellLabels {
  kind: (k: string) => string;
  type: (t: string) => string;
  calendarName: (id: string) => string | undefined;
  calendars: readonly { id: string; name: string }[];
}

export interface ResourceFields {
  code: string;
  name: string;
  kind: string;
  resource_type: string | null;
  unit: string;
  price: number;
  default_limit: number;
  calendar_id: string | null;
  specialty: string;
}

/** The text a cell shows (and copy writes). */
export function cellText(r: ResourceFields, col: ResourceColumn, labels: CellLabels): string {
  switch (col) {
    case 'kind':
      return labels.kind(r.kind);
    case 'resource_type':
      return r.resource_type ? labels.type(r.resource_type) : '';
    case 'calendar_id':
      return r.calendar_id ? (labels.calendarName(r.calendar_id) ?? '') : '';
    case 'price':
    case 'default_limit':
      return String(r[col]);
    default:
      return r[col];
  }
}

/** A number as people type it: spaces as thousands separators, a comma or a dot as the decimal. */
export function parseAmount(text: string): number | null {
  const t = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (t === '' || !/^[+]?\d*\.?\d+(e[+-]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

const match = (text: string, values: readonly string[], label: (v: string) => string) => {
  const t = text.trim().toLowerCase();
  return values.find((v) => v === t || label(v).toLowerCase() === t);
};

export type CellValue = { ok: true; value: string | number | null } | { ok: false };

/** The field value of a typed or pasted text in a column. */
export function parseCell(col: ResourceColumn, text: string, labels: CellLabels): CellValue {
  const t = text.trim();
  switch (col) {
    case 'kind': {
      const v = match(t, RESOURCE_KINDS, labels.kind);
      return v ? { ok: true, value: v } : { ok: false };
    }
    case 'resource_type': {
      if (t === '') return { ok: true, value: null };
      const v = match(t, RESOURCE_TYPES, labels.type);
      return v ? { ok: true, value: v } : { ok: false };
    }
    case 'calendar_id': {
      if (t === '') return { ok: true, value: null };
      const c = labels.calendars.find((x) => x.name.toLowerCase() === t.toLowerCase() || x.id === t);
      return c ? { ok: true, value: c.id } : { ok: false };
    }
    case 'price':
    case 'default_limit': {
      const n = parseAmount(t);
      return n === null ? { ok: false } : { ok: true, value: n };
    }
    case 'name':
      return t === '' ? { ok: false } : { ok: true, value: t };
    default:
      return { ok: true, value: t };
  }
}

export interface PastePlan {
  /** Changes of existing rows by index. */
  updates: { index: number; patch: Record<string, string | number | null> }[];
  /** New rows past the end. */
  creates: Record<string, string | number | null>[];
  /** Cells that are not values of their column: row and column of the matrix. */
  refused: { row: number; col: ResourceColumn }[];
}

/**
 * A matrix pasted at (row, col) of a grid showing `columns` in that order: rows past the last
 * become new resources (a new one needs a name). A cell that does not read refuses the whole
 * paste (the caller shows where).
 */
export function planPaste(
  matrix: readonly (readonly string[])[],
  at: { row: number; col: number },
  rowCount: number,
  labels: CellLabels,
  columns: readonly ResourceColumn[] = RESOURCE_COLUMNS,
): PastePlan {
  const plan: PastePlan = { updates: [], creates: [], refused: [] };
  matrix.forEach((line, i) => {
    const patch: Record<string, string | number | null> = {};
    line.forEach((text, j) => {
      const col = columns[at.col + j];
      if (!col) return;
      const v = parseCell(col, text, labels);
      if (v.ok) patch[col] = v.value;
      else plan.refused.push({ row: i, col });
    });
    const index = at.row + i;
    if (index < rowCount) plan.updates.push({ index, patch });
    else if (typeof patch.name === 'string') plan.creates.push(patch);
    else plan.refused.push({ row: i, col: 'name' });
  });
  return plan;
}
