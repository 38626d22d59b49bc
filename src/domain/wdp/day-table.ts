// An uploaded table of day values (CSV or the first sheet of an XLSX): a header row
// `code, kind, <date>, <date>, …`, then one line per row and kind (plan, fact or approved_plan;
// an empty kind is plan). Empty cells are left alone; a line with an unknown code or kind, or a
// cell that is not a number, is skipped and reported by its line.

import type { Cell } from '../io/csv/cells';
import { dateCell, isBlank, numberCell, textCell } from '../io/csv/cells';
import { MINUTES_PER_DAY } from '../calendar/time';
import type { CellEdit } from './paste';
import { PLAN_KINDS } from './types';
import type { PlanKind } from './types';

export interface DayTable {
  readonly edits: CellEdit[];
  readonly skipped: { line: number; reason: string }[];
}

export function readDayTable(
  rows: readonly (readonly Cell[])[],
  idOfCode: (code: string) => string | undefined,
): DayTable {
  const edits: CellEdit[] = [];
  const skipped: { line: number; reason: string }[] = [];
  const header = rows[0] ?? [];
  const days: (number | null)[] = header.map((h, c) => {
    if (c < 2 || isBlank(h)) return null;
    try {
      const m = dateCell(h, { where: 'header', line: 1, field: String(c + 1) });
      return m === null ? null : Math.floor(m / MINUTES_PER_DAY);
    } catch {
      skipped.push({ line: 1, reason: `column ${c + 1}: not a date` });
      return null;
    }
  });
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    if (row.every(isBlank)) return;
    const code = textCell(row[0]).trim();
    const id = idOfCode(code);
    if (!id) return skipped.push({ line, reason: `unknown code ${code}` });
    const kindText = textCell(row[1]).trim() || 'plan';
    if (!(PLAN_KINDS as readonly string[]).includes(kindText))
      return skipped.push({ line, reason: `unknown kind ${kindText}` });
    const kind = kindText as PlanKind;
    const mine: CellEdit[] = [];
    for (let c = 2; c < row.length; c++) {
      const day = days[c];
      if (day === null || day === undefined || isBlank(row[c])) continue;
      try {
        const v = numberCell(row[c], { where: 'csv', line, field: String(c + 1) });
        if (v !== null) mine.push({ rowId: id, day, kind, value: v });
      } catch {
        return skipped.push({ line, reason: `column ${c + 1}: not a number` });
      }
    }
    edits.push(...mine);
  });
  return { edits, skipped };
}
