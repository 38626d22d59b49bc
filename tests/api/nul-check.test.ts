// The input check before validation: a NUL or a lone surrogate anywhere (value or key) is named by
// its path; well-formed text, pairs (emoji) included, passes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findNul, nulItem } from '../../src/server/http/nul-check';

describe('prohibited characters in request input', () => {
  it('names the first NUL or lone surrogate by its path, in values and in keys', () => {
    expect(findNul({ a: ['ok', 'x\u0000y'] }, 'body')).toBe('body.a.1');
    expect(findNul({ group_by: 'lone \ud800 half' }, 'body')).toBe('body.group_by');
    expect(findNul({ name: 'tail \udc00' }, 'body')).toBe('body.name');
    expect(findNul({ ['k\ud800']: 1 }, 'body')).toBe('body.k\uFFFD');
    expect(nulItem({ query: { q: '\ud83d' } })).toEqual({
      code: 'prohibited_characters',
      params: { field: 'query.q' },
    });
  });

  it('lets well-formed text through, surrogate pairs included', () => {
    expect(findNul({ name: 'Бетон 🏗️ crane', list: ['😀', 'a\ud83d\ude00b'] }, 'body')).toBeNull();
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        (s) => findNul({ s }, 'body') === null || s.includes('\u0000'),
      ),
    );
  });

  it('finds any lone surrogate put into well-formed text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.integer({ min: 0xd800, max: 0xdfff }),
        (s, unit) => findNul({ s: `${s}${String.fromCharCode(unit)}` }, 'body') === 'body.s',
      ),
    );
  });
});
