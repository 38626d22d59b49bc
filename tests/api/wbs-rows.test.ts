// Reading a stored item as a row: an attribute value a row cannot hold is kept as its JSON, and an
// empty code means "none" (the row shows, and exports, its outline number instead).
import { describe, expect, it } from 'vitest';
import { rowFromItem } from '../../src/api/wbs-rows';
import { storedItem } from '../fixtures/stored-item';

const item = storedItem('a', null, 'a0', {
  name: 'A',
  attributes: { text: 'x', n: 2, none: null, flag: true, obj: { a: [1, 2] } },
});

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
