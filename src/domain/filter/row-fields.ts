// The grid columns a filter reads straight from a WBS row (no schedule, calendar or calculated
// value): the schedule page's reader (state/workbench/filter.ts) answers these through
// rowFieldGetter, and the schedule worker (workers/filter-core.ts) answers a filter over only
// these, from its own copy of the rows — one definition, so both read a row alike.

import type { WbsRow } from '../wbs/types';
import type { FieldValue } from './operators';
import type { FilterExpr } from './parse';

/** Column → row field, for the columns read as stored. */
const STORED: Readonly<Record<string, (row: WbsRow) => FieldValue>> = {
  name: (row) => row.name,
  code: (row) => row.code,
  type: (row) => row.nodeType,
  calendar: (row) => row.calendarId,
  progress: (row) => row.percentComplete,
  volume: (row) => row.volume,
  price: (row) => row.price,
  color: (row) => row.color,
};

/** The reader of a stored column or a stored attribute ('attr:key'); undefined for any other. */
export function rowFieldGetter(field: string): ((row: WbsRow) => FieldValue) | undefined {
  if (field.startsWith('attr:')) {
    const key = field.slice(5);
    return (row) => row.attributes[key] ?? null;
  }
  return Object.hasOwn(STORED, field) ? STORED[field] : undefined;
}

/**
 * Whether a filter reads stored values only (`calculated`: the attribute keys whose values a
 * formula computes, read elsewhere).
 */
export function readsRowsOnly(expr: FilterExpr, calculated: (key: string) => boolean): boolean {
  if ('conditions' in expr) return expr.conditions.every((c) => readsRowsOnly(c, calculated));
  if (expr.field.startsWith('attr:')) return !calculated(expr.field.slice(5));
  return Object.hasOwn(STORED, expr.field);
}
