import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedInList,
  firstOutsideList,
  listValueOf,
  writtenAttributeValues,
} from '../../../src/domain/attribute/list-values';
import { attributeColumn, convertCell } from '../../../src/domain/wbs/columns';
import type { ConvertContext } from '../../../src/domain/wbs/columns';

const VALUES = ['North', 'South', 'Roof level'];
const ctx = { hoursPerDay: () => 8 } as unknown as ConvertContext;

describe('list attribute values', () => {
  it('reads a typed text as the list’s own spelling, or nothing', () => {
    expect(listValueOf(' north ', VALUES)).toBe('North');
    expect(listValueOf('ROOF LEVEL', VALUES)).toBe('Roof level');
    expect(listValueOf('East', VALUES)).toBeNull();
  });

  it('a list column converts only list values and names the list otherwise', () => {
    const col = attributeColumn('a_zone', 'list', VALUES);
    expect(convertCell('south', col, null, ctx)).toEqual({ ok: true, value: 'South' });
    expect(convertCell('', col, null, ctx)).toEqual({ ok: true, value: null });
    expect(convertCell('East', col, null, ctx)).toEqual({
      ok: false,
      key: 'wbs.not_in_list',
      params: { value: 'East', values: 'North, South, Roof level' },
    });
  });

  it('whatever converts is in the list (property)', () => {
    const col = attributeColumn('a_zone', 'list', VALUES);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...VALUES, 'north', ' SOUTH ')), (text) => {
        const c = convertCell(text, col, null, ctx);
        if (c.ok === true) expect(allowedInList(c.value, VALUES)).toBe(true);
      }),
    );
  });

  it('finds the first written value outside its list, in both patch shapes', () => {
    const lists = new Map([['a_zone', VALUES]]);
    const ok = writtenAttributeValues([
      { op: 'replace', path: ['rows', 'r1', 'attributes', 'a_zone'], value: 'North' },
      { op: 'replace', path: ['rows', 'r1', 'attributes', 'a_zone'], value: null },
      { op: 'replace', path: ['rows', 'r1', 'attributes', 'other'], value: 'anything' },
      { op: 'remove', path: ['rows', 'r1', 'attributes', 'a_zone'] },
    ]);
    expect(firstOutsideList(ok, lists)).toBeNull();
    const bad = writtenAttributeValues([
      { op: 'replace', path: ['rows', 'r2', 'attributes'], value: { a_zone: 'north', x: 1 } },
    ]);
    expect(firstOutsideList(bad, lists)).toEqual({ row: 'r2', key: 'a_zone', value: 'north' });
    expect(
      firstOutsideList(
        writtenAttributeValues([{ op: 'add', path: ['rows', 'r3', 'attributes', 'a_zone'], value: 5 }]),
        lists,
      ),
    ).toMatchObject({ value: 5 });
  });
});
