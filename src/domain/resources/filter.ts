// The Resources screen's `filter` query parameter (spec §2: resources, schedule and grid accept
// filter, filter_indicator and target). As on the schedule page it is a filter expression — JSON of
// one condition or an AND/OR group over the operators of spec §3 (domain/filter/parse.ts) — here
// over the resource columns. A plain text (the parameter's first form, and what a planner types
// into the address) keeps the resources whose name or code contains it. The resources that pass
// are shown with their groups above them, so the tree still reads.

import { buildPredicate, parseFilter, type FieldValue, type FilterExpr } from '../filter';
import type { ResourceColumn, ResourceFields } from './columns';

export interface FilterResource extends ResourceFields {
  id: string;
  parent_id: string | null;
}

export type ResourceFilterParse =
  { ok: true; expr: FilterExpr | null; text: string | null } | { ok: false; detail: string };

/** The parameter as an expression, a text, or where the expression is wrong. */
export function parseResourceFilter(param: string | null): ResourceFilterParse {
  const s = (param ?? '').trim();
  if (!s) return { ok: true, expr: null, text: null };
  if (!s.startsWith('{')) return { ok: true, expr: null, text: s.toLowerCase() };
  const parsed = parseFilter(s);
  return parsed.ok ? { ok: true, expr: parsed.filter, text: null } : { ok: false, detail: parsed.path };
}

/** The columns a resource filter reads, with the kind of operand the builder offers. */
export const RESOURCE_FILTER_FIELDS: readonly { id: ResourceColumn; kind: 'text' | 'number' }[] = [
  { id: 'code', kind: 'text' },
  { id: 'name', kind: 'text' },
  { id: 'kind', kind: 'text' },
  { id: 'resource_type', kind: 'text' },
  { id: 'unit', kind: 'text' },
  { id: 'price', kind: 'number' },
  { id: 'default_limit', kind: 'number' },
  { id: 'calendar_id', kind: 'text' },
  { id: 'specialty', kind: 'text' },
];

/**
 * A resource's value for the filter: as stored, but the calendar by its name (what the grid
 * shows and a planner types); an unknown field reads as empty.
 */
function valueOf(
  r: FilterResource,
  field: string,
  calendarName: (id: string) => string | undefined,
): FieldValue {
  switch (field) {
    case 'calendar_id':
      return r.calendar_id === null ? null : (calendarName(r.calendar_id) ?? r.calendar_id);
    case 'code':
    case 'name':
    case 'kind':
    case 'resource_type':
    case 'unit':
    case 'price':
    case 'default_limit':
    case 'specialty':
      return r[field];
    default:
      return null;
  }
}

/** The resources the filter keeps, in their order, each with the groups above it. */
export function filterResources<T extends FilterResource>(
  items: readonly T[],
  parse: ResourceFilterParse,
  calendarName: (id: string) => string | undefined = () => undefined,
): T[] {
  if (!parse.ok || (parse.expr === null && parse.text === null)) return [...items];
  const text = parse.text;
  const test =
    parse.expr !== null
      ? buildPredicate<T>(parse.expr, { get: (r, field) => valueOf(r, field, calendarName) })
      : (r: T) => r.name.toLowerCase().includes(text!) || r.code.toLowerCase().includes(text!);
  const byId = new Map(items.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const r of items) {
    if (!test(r)) continue;
    // The resource and its groups up to the top (stops at one already kept).
    for (
      let at: T | undefined = r;
      at && !keep.has(at.id);
      at = at.parent_id ? byId.get(at.parent_id) : undefined
    )
      keep.add(at.id);
  }
  return items.filter((r) => keep.has(r.id));
}
