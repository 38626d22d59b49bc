// Calculated attributes over the project grid's merged document (several versions, one summary
// row per schedule at the top): each schedule's rows are evaluated with its own version's
// formulas and attribute names, by the schedule page's FormulaCore (formula-core.ts), one per
// schedule. A row belongs to the schedule whose summary row it sits under; summary rows (the
// grid's own) get no values. The deltas of all schedules go out as one.

import type { Patch } from 'immer';
import type { FormulaSource, NamedAttribute } from '../domain/formula';
import type { WbsRow } from '../domain/wbs';
import { FormulaCore, type FormulaDelta, type FormulaRows } from './formula-core';

/** One schedule of the grid: its summary row's id, its version's formulas and attribute names. */
export interface FormulaPart {
  readonly root: string;
  readonly sources: readonly FormulaSource[];
  readonly attributes: readonly NamedAttribute[];
}

/** Working hours per day of the calendars (a duration is read in working days). */
export interface CalendarHours {
  readonly id: string;
  readonly hoursPerDay: number;
  readonly isDefault?: boolean | undefined;
}

const NO_PART = -1;

export class GridFormulas {
  private parts: { readonly root: string; readonly core: FormulaCore }[] = [];
  private roots = new Map<string, number>();
  /** Row id → its part (memo of the walk up to the summary row), cleared on moves and adds. */
  private memo = new Map<string, number>();
  private calendars: readonly CalendarHours[] = [];

  /** New formulas for every schedule: every row is evaluated at the next read. */
  set(parts: readonly FormulaPart[], calendars: readonly CalendarHours[]): void {
    this.parts = parts.map((p) => {
      const core = new FormulaCore();
      core.setFormulas(p.sources, p.attributes);
      return { root: p.root, core };
    });
    this.roots = new Map(parts.map((p, k) => [p.root, k]));
    this.calendars = calendars;
    this.memo.clear();
  }

  /** A new document: everything again. */
  reset(): void {
    for (const p of this.parts) p.core.reset();
    this.memo.clear();
  }

  /** The rows a change touched (and, for a move or a new row, the parts looked up again). */
  touch(patches: readonly Patch[]): void {
    for (const p of this.parts) p.core.touch(patches);
    if (patches.some((p) => p.path[0] === 'rows' && (p.path.length === 2 || p.path[2] === 'parentId')))
      this.memo.clear();
  }

  private readonly hours = (id: string | null): number =>
    (id === null ? undefined : this.calendars.find((c) => c.id === id)?.hoursPerDay) ??
    this.calendars.find((c) => c.isDefault)?.hoursPerDay ??
    8;

  /** The part a row sits under (NO_PART: a summary row, or a row under none). */
  partOf(rows: ReadonlyMap<string, WbsRow>, id: string): number {
    if (this.roots.has(id)) return NO_PART;
    const mine = this.memo.get(id);
    if (mine !== undefined) return mine;
    const path = [id];
    let cur: string | null | undefined = rows.get(id)?.parentId;
    let part = NO_PART;
    while (cur !== null && cur !== undefined && path.length <= rows.size) {
      const known = this.memo.get(cur) ?? this.roots.get(cur);
      if (known !== undefined) {
        part = known;
        break;
      }
      path.push(cur);
      cur = rows.get(cur)?.parentId;
    }
    for (const x of path) if (!this.roots.has(x)) this.memo.set(x, part);
    return part;
  }

  /** Whether the row's schedule calculates `key` (else the stored value is read). */
  calculates(key: string): boolean {
    return this.parts.some((p) => p.core.calculates(key));
  }

  /** A row's calculated value (undefined: not calculated in its schedule), for the filter. */
  valueOf(rows: ReadonlyMap<string, WbsRow>, id: string, key: string): ReturnType<FormulaCore['valueOf']> {
    const row = rows.get(id);
    const k = row ? this.partOf(rows, id) : NO_PART;
    return row && k !== NO_PART ? this.parts[k]!.core.valueOf(row, key, this.hours) : undefined;
  }

  /** Values changed since the last call, all schedules in one delta; null when nothing changed. */
  changes(rows: ReadonlyMap<string, WbsRow>): FormulaDelta | null {
    let byPart: string[][] | null = null;
    const idsOf = (k: number): string[] => {
      if (!byPart) {
        byPart = this.parts.map(() => []);
        for (const id of rows.keys()) {
          const p = this.partOf(rows, id);
          if (p !== NO_PART) byPart[p]!.push(id);
        }
      }
      return byPart[k]!;
    };
    const deltas = this.parts.map((p, k) => {
      const view: FormulaRows = {
        keys: () => idsOf(k).values(),
        get: (id) => (this.partOf(rows, id) === k ? rows.get(id) : undefined),
      };
      return p.core.changes(view, this.hours);
    });
    const given = deltas.filter((d): d is FormulaDelta => d !== null);
    if (given.length === 0) return null;
    // Every part's core is reset and given formulas together: they are full together.
    const full = given.some((d) => d.full);
    const errors = new Map(given.flatMap((d) => d.errors));
    return { full, values: given.flatMap((d) => d.values), errors: [...errors] };
  }
}
