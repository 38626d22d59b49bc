// The upload rule as the dialog edits it: name, rows to skip, column → field rows, header flag.
import type { UploadRule } from '../../api/transfer';

export interface ColumnRow {
  column: string;
  field: string;
}

export interface RuleDraft {
  name: string;
  skipRows: string;
  columns: ColumnRow[];
  hasHeader: boolean;
}

/** Fields a column can be mapped to (keys of src/domain/io/csv/fields.ts). */
export const MAPPABLE_FIELDS = [
  'code',
  'name',
  'parentId',
  'outlineLevel',
  'kind',
  'calendarId',
  'durationDays',
  'duration',
  'percentComplete',
  'actualStart',
  'actualFinish',
  'plannedStart',
  'plannedFinish',
  'constraint',
  'constraintDate',
  'predecessors',
  'id',
] as const;

export const emptyDraft = (name: string): RuleDraft => ({
  name,
  skipRows: '0',
  columns: [],
  hasHeader: true,
});

export const draftOf = (r: UploadRule): RuleDraft => ({
  name: r.name,
  skipRows: String(r.skip_rows),
  columns: Object.entries(r.columns).map(([column, field]) => ({ column, field })),
  hasHeader: r.has_header,
});

/** The rule to send, or null when the draft is not valid yet. */
export function ruleOf(d: RuleDraft): UploadRule | null {
  const skip = Number(d.skipRows);
  if (!d.name.trim() || !Number.isInteger(skip) || skip < 0 || skip > 1000) return null;
  const columns: Record<string, string> = {};
  for (const c of d.columns) {
    const col = c.column.trim().toUpperCase();
    if (col && c.field) columns[col] = c.field;
  }
  return { name: d.name.trim().slice(0, 32), skip_rows: skip, columns, has_header: d.hasHeader };
}

/** Spreadsheet uploads take a rule; the schedule formats describe themselves. */
export const needsRule = (fileName: string) => /\.(csv|txt|xlsx)$/i.test(fileName);
