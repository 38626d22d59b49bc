// The estimator's matrix both cost benchmarks paste (issue 28): 12 columns as an Excel sheet
// gives them (codes, names, a comma decimal, prices, notes), one line per work.
import type { NodeField } from '../src/domain/costr';

export const PASTE_COLUMNS: NodeField[] = [
  'code',
  'name',
  'measure',
  'quantity',
  'labourPrice',
  'machinesPrice',
  'materialsPrice',
  'labourHours',
  'notes',
  'code',
  'name',
  'notes',
];

/** `rows` tab-separated lines of the matrix. */
export const pasteTsv = (rows: number): string =>
  Array.from({ length: rows }, (_, i) =>
    [`${i}`, `Work ${i}`, 'm3', '12,5', '100.25', '20', '30.5', '1.5', 'n', `${i}`, `Work ${i}`, 'note'].join(
      '\t',
    ),
  ).join('\n');
