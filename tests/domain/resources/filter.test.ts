import { describe, expect, it } from 'vitest';
import {
  filterResources,
  parseResourceFilter,
  type FilterResource,
} from '../../../src/domain/resources/filter';

const res = (id: string, name: string, more: Partial<FilterResource> = {}): FilterResource => ({
  id,
  parent_id: null,
  code: id.toUpperCase(),
  name,
  kind: 'resource',
  resource_type: 'labor',
  unit: 'h',
  price: 0,
  default_limit: 0,
  calendar_id: null,
  specialty: '',
  ...more,
});

const crews = res('g1', 'Crews', { resource_type: null });
const mason = res('m1', 'Mason', { parent_id: 'g1', price: 40, default_limit: 4, calendar_id: 'c5' });
const crane = res('k1', 'Crane', { resource_type: 'nonlabor', price: 120, default_limit: 1 });
const truck = res('t1', 'Truck', { resource_type: 'nonlabor', price: 80, default_limit: 0 });
const all = [crews, mason, crane, truck];
const names = (list: FilterResource[]) => list.map((r) => r.name);
const calendarName = (id: string) => (id === 'c5' ? 'Five days' : undefined);

describe('resource filter', () => {
  it('a plain text keeps names and codes that contain it, with their groups', () => {
    expect(names(filterResources(all, parseResourceFilter('cran')))).toEqual(['Crane']);
    expect(names(filterResources(all, parseResourceFilter('M1')))).toEqual(['Crews', 'Mason']);
    expect(names(filterResources(all, parseResourceFilter('  ')))).toEqual(names(all));
  });

  it('an expression filters on the columns with the operators of the schedule filter', () => {
    const f = (e: unknown) =>
      names(filterResources(all, parseResourceFilter(JSON.stringify(e)), calendarName));
    expect(f({ field: 'price', op: 'gte', value: 80 })).toEqual(['Crane', 'Truck']);
    expect(
      f({
        match: 'all',
        conditions: [
          { field: 'resource_type', op: 'eq_text', value: 'NonLabor' },
          { field: 'default_limit', op: 'gt', value: 0 },
        ],
      }),
    ).toEqual(['Crane']);
    expect(f({ field: 'calendar_id', op: 'eq_text', value: 'five days' })).toEqual(['Crews', 'Mason']);
    expect(f({ field: 'calendar_id', op: 'not_exists' })).toEqual(['Crews', 'Crane', 'Truck']);
    expect(
      f({
        match: 'any',
        conditions: [
          { field: 'name', op: 'like', value: 'tr' },
          { field: 'unit', op: 'filter_by_list', values: ['t'] },
        ],
      }),
    ).toEqual(['Truck']);
  });

  it('an expression that is wrong says where, and keeps every resource', () => {
    const p = parseResourceFilter('{"field":"price","op":"bigger","value":1}');
    expect(p).toEqual({ ok: false, detail: 'op' });
    expect(names(filterResources(all, p))).toEqual(names(all));
    expect(parseResourceFilter('{"field":')).toEqual({ ok: false, detail: '(json)' });
  });
});
