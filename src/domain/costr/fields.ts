// The editable fields of a node, their validation (the same on paste, in forms and on the server)
// and the matrix paste: a pasted cell that fails its field's check is a per-cell error and the rest
// of the paste is kept.
import { COEF_SCALE, MONEY_SCALE, QTY_SCALE, formatDecimal, parseDecimal } from './decimal';
import { findMeasure } from './measures';
import type { CostNode, CostrSettings, NodeKind } from './types';
import { emptyNode } from './types';

export const NODE_FIELDS = [
  'code',
  'name',
  'measure',
  'quantity',
  'labourPrice',
  'machinesPrice',
  'materialsPrice',
  'labourHours',
  'notes',
] as const;
export type NodeField = (typeof NODE_FIELDS)[number];
export const DECIMAL_FIELDS = new Set<NodeField>([
  'quantity',
  'labourPrice',
  'machinesPrice',
  'materialsPrice',
  'labourHours',
]);
export const PRICE_FIELDS = new Set<NodeField>(['labourPrice', 'machinesPrice', 'materialsPrice']);

export const MAX_CODE = 32;
export const MAX_TEXT = 1000;

export type FieldError =
  | 'costr.not_number'
  | 'costr.too_precise'
  | 'costr.negative'
  | 'costr.unknown_measure'
  | 'costr.too_long'
  | 'costr.too_large';

export type FieldResult = { ok: true; value: string } | { ok: false; code: FieldError };

const LIMIT = 10n ** 15n;

/**
 * Decimal text as `formatDecimal` writes it, below LIMIT: no sign but a minus, no leading or
 * trailing zeros, a point, at most 15 integer digits. Such text is its own normal form, so the check
 * needs no bigint round trip (a 10,000-row paste has 50,000 of them, on the page and on the server).
 */
const CANONICAL = /^(-?)(0|[1-9]\d{0,14})(?:\.(\d*[1-9]))?$/;

/** Checks and normalises one field's text (decimal fields to plain decimal text, measures to codes). */
export function checkField(
  field: NodeField,
  text: string,
  rules: Pick<CostrSettings['rules'], 'negativePrices'>,
): FieldResult {
  const t = text.trim();
  if (field === 'code')
    return t.length > MAX_CODE ? { ok: false, code: 'costr.too_long' } : { ok: true, value: t };
  if (field === 'name' || field === 'notes')
    return t.length > MAX_TEXT ? { ok: false, code: 'costr.too_long' } : { ok: true, value: t };
  if (field === 'measure') {
    if (!t) return { ok: true, value: '' };
    const m = findMeasure(t);
    return m ? { ok: true, value: m.code } : { ok: false, code: 'costr.unknown_measure' };
  }
  if (!t) return { ok: true, value: '' };
  const scale = field === 'quantity' ? QTY_SCALE : MONEY_SCALE;
  const c = CANONICAL.exec(t);
  if (c && (c[3] ?? '').length <= scale && !(c[1] && c[2] === '0' && !c[3])) {
    if (c[1] && (field === 'quantity' || field === 'labourHours' || !rules.negativePrices))
      return { ok: false, code: 'costr.negative' };
    return { ok: true, value: t };
  }
  const r = parseDecimal(t, scale);
  if (!r.ok)
    return { ok: false, code: r.reason === 'too_precise' ? 'costr.too_precise' : 'costr.not_number' };
  if (r.value >= LIMIT * 10n ** BigInt(scale) || r.value <= -LIMIT * 10n ** BigInt(scale))
    return { ok: false, code: 'costr.too_large' };
  if (r.value < 0n && (field === 'quantity' || field === 'labourHours' || !rules.negativePrices))
    return { ok: false, code: 'costr.negative' };
  return { ok: true, value: formatDecimal(r.value, scale) };
}

/** A coefficient value: positive decimal text with up to 6 decimals. */
export function checkCoefficientValue(text: string): FieldResult {
  const r = parseDecimal(text, COEF_SCALE);
  if (!r.ok)
    return { ok: false, code: r.reason === 'too_precise' ? 'costr.too_precise' : 'costr.not_number' };
  if (r.value <= 0n) return { ok: false, code: 'costr.negative' };
  if (r.value >= 1000n * 10n ** BigInt(COEF_SCALE)) return { ok: false, code: 'costr.too_large' };
  return { ok: true, value: formatDecimal(r.value, COEF_SCALE) };
}

/** Every field error of a node (the server's check of a stored node). */
export function checkNode(
  n: CostNode,
  rules: Pick<CostrSettings['rules'], 'negativePrices'>,
): { field: NodeField; code: FieldError }[] {
  const out: { field: NodeField; code: FieldError }[] = [];
  for (const f of NODE_FIELDS) {
    const r = checkField(f, n[f], rules);
    if (!r.ok) out.push({ field: f, code: r.code });
    else if (r.value !== n[f] && f === 'measure') out.push({ field: f, code: 'costr.unknown_measure' });
  }
  return out;
}

export interface CellError {
  /** Row of the paste target (index into the flat list, new rows continue past its end). */
  row: number;
  field: NodeField;
  code: FieldError;
  text: string;
}

export interface PasteResult {
  /** Changed or new nodes (new ones after the last existing row, under `newParentId`). */
  upserts: CostNode[];
  errors: CellError[];
}

/**
 * Pastes `matrix` at (`startRow`, `startCol`) of the grid whose rows are `rows` and whose columns
 * are `columns`. Rows past the end become new positions under `newParentId` with the order keys
 * `newKeys(n)` gives. A cell that fails its check keeps the node's old value and is reported.
 * Columns past the last are ignored; a section row takes only code, name and notes.
 */
export function pasteMatrix(args: {
  rows: readonly CostNode[];
  /** The grid's columns in their order; null for a column that is not a node field (skipped). */
  columns: readonly (NodeField | null)[];
  startRow: number;
  startCol: number;
  matrix: readonly (readonly string[])[];
  rules: Pick<CostrSettings['rules'], 'negativePrices'>;
  newId: () => string;
  newParentId: string | null;
  newKeys: (n: number) => string[];
  newKind?: NodeKind;
}): PasteResult {
  const { rows, columns, startRow, startCol, matrix, rules } = args;
  const upserts: CostNode[] = [];
  const errors: CellError[] = [];
  const extra = Math.max(0, startRow + matrix.length - rows.length);
  const keys = extra ? args.newKeys(extra) : [];
  matrix.forEach((line, i) => {
    const r = startRow + i;
    const existing = rows[r];
    let node: CostNode = existing
      ? { ...existing }
      : emptyNode(args.newId(), args.newParentId, keys[r - rows.length]!, args.newKind ?? 'position');
    let changed = !existing;
    line.forEach((text, j) => {
      const field = columns[startCol + j];
      if (!field) return;
      if (node.kind === 'section' && field !== 'code' && field !== 'name' && field !== 'notes') return;
      const res = checkField(field, text, rules);
      if (!res.ok) {
        errors.push({ row: r, field, code: res.code, text });
        return;
      }
      if (node[field] !== res.value) {
        node = { ...node, [field]: res.value };
        changed = true;
      }
    });
    if (changed) upserts.push(node);
  });
  return { upserts, errors };
}
