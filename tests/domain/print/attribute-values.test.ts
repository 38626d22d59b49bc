// The print's attribute values (domain/print/attribute-values.ts): which columns a group header
// sums (number attributes and number formulas, as the screen's headers), formulas evaluated as
// the worker evaluates them, and values written as the grid's cells write them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attributeText,
  formulaEvaluator,
  summedAttributeKeys,
} from '../../../src/domain/print/attribute-values';
import type { TypedAttribute } from '../../../src/domain/formula';
import { toMinutes } from '../../../src/domain/calendar/time';

const attrs: TypedAttribute[] = [
  { key: 'a_qty', name: 'Qty', type: 'number' },
  { key: 'a_zone', name: 'Zone', type: 'text' },
  { key: 'a_due', name: 'Due', type: 'date' },
  { key: 'a_twice', name: 'Twice', type: 'formula', formula: 'Qty * 2' },
  { key: 'a_four', name: 'Four', type: 'formula', formula: 'Twice + Twice' },
  { key: 'a_tag', name: 'Tag', type: 'formula', formula: 'UPPER(Zone)' },
  { key: 'a_late', name: 'Late', type: 'formula', formula: 'Due + 3' },
  { key: 'a_big', name: 'Big', type: 'formula', formula: 'Qty > 3' },
  { key: 'a_bad', name: 'Bad', type: 'formula', formula: 'Nope + 1' },
  { key: 'imported', name: 'Location' },
];

describe('print attribute values', () => {
  it('sums number attributes and formulas that give numbers, nothing else', () => {
    expect([...summedAttributeKeys(attrs)].sort()).toEqual(['a_four', 'a_qty', 'a_twice']);
  });

  it('evaluates formulas over formulas, as the worker does', () => {
    const evaluate = formulaEvaluator(attrs)!;
    const row: Record<string, string | number | null> = { 'attr:a_qty': 4, 'attr:a_zone': 'b1' };
    const v = evaluate((f) => row[f] ?? null);
    expect(v.get('a_twice')).toBe(8);
    expect(v.get('a_four')).toBe(16);
    expect(v.get('a_tag')).toBe('B1');
    expect(v.get('a_big')).toBe(true);
    // A formula that does not compile computes nothing (its cell shows what the row stores).
    expect(v.has('a_bad')).toBe(false);
    expect(formulaEvaluator(attrs.filter((a) => a.type !== 'formula'))).toBeNull();
  });

  it('writes values as the grid does: numbers by language, dates, truth values, errors', () => {
    expect(attributeText(1234.5, 'number', 'en')).toBe('1,234.5');
    expect(attributeText(1234.5, 'number', 'ru')).toBe('1\u00a0234,5');
    expect(attributeText(0.1234567, 'formula', 'en')).toBe('0.123457');
    expect(attributeText(toMinutes(2026, 3, 9), 'date', 'en')).toBe('2026-03-09');
    expect(attributeText(true, 'formula', 'en')).toBe('TRUE');
    expect(attributeText({ error: 'div_zero' }, 'formula', 'en')).toBe('#DIV/0!');
    expect(attributeText(['x', 'y'], undefined, 'en')).toBe('x, y');
    expect(attributeText(null, 'number', 'en')).toBe('');
    expect(attributeText('Level 2', undefined, 'en')).toBe('Level 2');
  });

  it('a number-kind formula is summed and evaluates to a number, a blank or an error (property)', () => {
    const evaluate = formulaEvaluator(attrs)!;
    fc.assert(
      fc.property(fc.option(fc.double({ noNaN: true, min: -1e9, max: 1e9 })), (qty) => {
        const v = evaluate((f) => (f === 'attr:a_qty' ? qty : null));
        for (const key of summedAttributeKeys(attrs)) {
          if (key === 'a_qty') continue;
          const x = v.get(key);
          expect(x === null || typeof x === 'number' || (typeof x === 'object' && 'error' in x)).toBe(true);
        }
      }),
    );
  });
});
