// Reading a stored item as a row: an attribute value a row cannot hold is kept as its JSON, and an
// empty code means "none" (the row shows, and exports, its outline number instead).
import { describe, expect, it } from 'vitest';
import type { WbsItem } from '../../src/api/versions';
import { rowFromItem } from '../../src/api/wbs-rows';

const item: WbsItem = {
  id: 'a',
  parent_id: null,
  order_key: 'a0',
  node_type: 'task',
  code: '',
  name: 'A',
  calendar_id: null,
  duration: 480,
  remaining: 480,
  actual_start: null,
  actual_finish: null,
  percent: 0,
  start_limit_type: null,
  start_limit_date: null,
  finish_limit_type: null,
  finish_limit_date: null,
  volume: null,
  price: null,
  attributes: { text: 'x', n: 2, none: null, flag: true, obj: { a: [1, 2] } },
  es: null,
  ef: null,
  ls: null,
  lf: null,
  tf: null,
  ff: null,
  critical: null,
};

describe('rowFromItem', () => {
  it('keeps strings, numbers and null, and writes other values as JSON', () => {
    expect(rowFromItem(item).attributes).toEqual({
      text: 'x',
      n: 2,
      none: null,
      flag: 'true',
      obj: '{"a":[1,2]}',
    });
  });

  it('reads an empty code as none', () => {
    expect(rowFromItem(item).code).toBeNull();
    expect(rowFromItem({ ...item, code: 'A-10' }).code).toBe('A-10');
  });
});
