// Gantt bar colours by a column's value (a layout's "colour by"): the value a row shows in that
// column as text, looked up in the layout's value → colour table. Critical bars stay red.
import type { WbsRow } from '../../domain/wbs';
import { rowStatus } from './cell-text';

export interface BarColorBy {
  readonly column: string;
  readonly colors: Readonly<Record<string, string>>;
}

/** The text a row's value reads as for the colour table (attributes, type, status, code, name …). */
export function colorKey(row: WbsRow, column: string): string {
  if (column.startsWith('attr:')) {
    const v = row.attributes[column.slice(5)];
    return v === null || v === undefined ? '' : String(v);
  }
  switch (column) {
    case 'type':
      return row.nodeType;
    case 'status':
      return rowStatus(row);
    case 'calendar':
      return row.calendarId ?? '';
    case 'code':
      return row.code ?? '';
    case 'name':
      return row.name;
    default:
      return '';
  }
}

export function barColor(by: BarColorBy | null, row: WbsRow): string | undefined {
  return by ? by.colors[colorKey(row, by.column)] : undefined;
}
