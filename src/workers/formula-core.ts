// Calculated attributes in the worker: the formulas compiled once (src/domain/formula), every row
// evaluated when they are set or a document is opened, then only the rows a change touched. The
// main thread receives the values that changed, never evaluates a formula itself.

import type { Patch } from 'immer';
import {
  compileFormulas,
  evaluateRow,
  FORMULA_COLUMNS,
  nameResolver,
  type CompiledSet,
  type EvalResult,
  type FormulaError,
  type FormulaSource,
  type FormulaValue,
  type NamedAttribute,
} from '../domain/formula';
import type { WbsRow } from '../domain/wbs';

/** Values by row id (each row: formula key → value), and the formulas that did not compile. */
export interface FormulaDelta {
  /** True: `values` holds every row and replaces what the main thread had. */
  readonly full: boolean;
  readonly values: [string, Record<string, EvalResult>][];
  readonly errors: [string, FormulaError][];
}

/** The rows a FormulaCore evaluates: every id (after an open or new formulas), or one by id. */
export type FormulaRows = Pick<ReadonlyMap<string, WbsRow>, 'keys' | 'get'>;

const MINUTES_PER_HOUR = 60;

/** A row's field as a formula reads it: the grid's units (duration in working days). */
export function formulaField(
  row: WbsRow,
  field: string,
  hoursPerDay: (cal: string | null) => number,
): FormulaValue {
  if (field.startsWith('attr:')) {
    const v = row.attributes[field.slice(5)];
    return v === undefined ? null : (v as FormulaValue);
  }
  switch (field) {
    case 'code':
      return row.code;
    case 'name':
      return row.name;
    case 'type':
      return row.nodeType;
    case 'duration':
      return row.nodeType === 'sum' ? null : row.duration / (hoursPerDay(row.calendarId) * MINUTES_PER_HOUR);
    case 'progress':
      return row.percentComplete;
    case 'volume':
      return row.volume;
    case 'price':
      return row.price;
    default:
      return null;
  }
}

export class FormulaCore {
  private set: CompiledSet | null = null;
  /** Rows to evaluate at the next read; null: all of them. */
  private dirty: Set<string> | null = null;
  /** The values last handed out, by row (what the main thread holds once it has read them). */
  private values = new Map<string, Record<string, EvalResult>>();

  /** New formulas (an empty list: none): every row is evaluated at the next read. */
  setFormulas(sources: readonly FormulaSource[], attributes: readonly NamedAttribute[]): void {
    this.set = sources.length ? compileFormulas(sources, nameResolver(FORMULA_COLUMNS, attributes)) : null;
    this.dirty = null;
  }

  /** A new document: everything again. */
  reset(): void {
    this.dirty = null;
  }

  /** The rows a change touched. */
  touch(patches: readonly Patch[]): void {
    if (!this.set || this.dirty === null) return;
    for (const p of patches)
      if (p.path[0] === 'rows' && p.path[1] !== undefined) this.dirty.add(String(p.path[1]));
  }

  /** Whether a formula computes `key` (else the stored value is read). */
  calculates(key: string): boolean {
    return this.set?.formulas.some((f) => f.key === key) ?? false;
  }

  /**
   * A row's calculated value as the main thread will hold it (undefined: `key` is not calculated):
   * the value handed out, or for a row changed since (or all rows after an open or new formulas)
   * evaluated now; the filter in the worker reads it.
   */
  valueOf(row: WbsRow, key: string, hoursPerDay: (cal: string | null) => number): EvalResult | undefined {
    const set = this.set;
    if (!set) return undefined;
    if (this.dirty !== null && !this.dirty.has(row.id)) return this.values.get(row.id)?.[key];
    return evaluateRow(set, (f) => formulaField(row, f, hoursPerDay)).get(key);
  }

  /** The values to send: all rows after a reset, else the touched ones; null when nothing changed. */
  changes(rows: FormulaRows, hoursPerDay: (cal: string | null) => number): FormulaDelta | null {
    const set = this.set;
    if (!set) {
      if (this.dirty !== null) return null;
      this.dirty = new Set();
      this.values = new Map();
      return { full: true, values: [], errors: [] };
    }
    const full = this.dirty === null;
    const ids = full ? rows.keys() : this.dirty!.values();
    if (!full && this.dirty!.size === 0) return null;
    const values: [string, Record<string, EvalResult>][] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      values.push([id, Object.fromEntries(evaluateRow(set, (f) => formulaField(row, f, hoursPerDay)))]);
    }
    if (full) this.values = new Map(values);
    else for (const [id, v] of values) this.values.set(id, v);
    this.dirty = new Set();
    return { full, values, errors: [...set.errors] };
  }
}
