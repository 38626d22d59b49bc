// The fields a filter can test on the schedule page (src/state/workbench/filter.ts reads them):
// the grid's columns, critical, colour, and every attribute of the version.
import type { FieldKind } from '../../domain/filter';
import { COLUMN_DEFS, columnDef } from '../../state/workbench/columns';
import type { FilterField } from './FilterBuilder';

const NUMBER_COLUMNS = new Set([
  'duration',
  'total_float',
  'free_float',
  'start_float',
  'finish_float',
  'progress',
  'volume',
  'price',
]);
const DATE_COLUMNS = new Set(['start', 'finish', 'accepted_start', 'accepted_finish']);

export function filterFields(
  columnLabel: (id: string) => string,
  attributeLabels: ReadonlyMap<string, string>,
  extraLabel: (id: 'critical' | 'color') => string,
): FilterField[] {
  const kindOf = (id: string): FieldKind =>
    NUMBER_COLUMNS.has(id) ? 'number' : DATE_COLUMNS.has(id) ? 'date' : 'text';
  // The Executor column is kept beside the rows (row people), not a value the filter reads.
  const out: FilterField[] = Object.keys(COLUMN_DEFS)
    .filter((id) => !COLUMN_DEFS[id]!.person)
    .map((id) => ({
      id,
      label: columnLabel(id),
      kind: kindOf(id),
    }));
  out.push({ id: 'critical', label: extraLabel('critical'), kind: 'text' });
  out.push({ id: 'color', label: extraLabel('color'), kind: 'color' });
  for (const [key, label] of attributeLabels) {
    const id = `attr:${key}`;
    const kind = columnDef(id).domain.kind;
    out.push({ id, label, kind: kind === 'number' || kind === 'date' ? 'number' : 'text' });
  }
  return out;
}
