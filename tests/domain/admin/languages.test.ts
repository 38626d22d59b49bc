// Adding a language (src/domain/admin/languages.ts): a fresh 2–8 letter code over en or ru is
// accepted; any other code, a taken one, or another base is refused with its reason.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNewLanguage } from '../../../src/domain/admin/languages';

const code = fc.stringMatching(/^[a-z]{2,8}$/).filter((c) => !['en', 'ru', 'fr'].includes(c));
const base = fc.constantFrom('en', 'ru');

describe('checkNewLanguage', () => {
  it('accepts a new code of 2–8 letters over en or ru', () => {
    fc.assert(fc.property(code, base, (id, b) => checkNewLanguage({ id, base: b }, []) === null));
  });

  it('refuses a code that is not 2–8 lower-case letters', () => {
    const bad = fc.string({ maxLength: 12 }).filter((s) => !/^[a-z]{2,8}$/.test(s));
    fc.assert(
      fc.property(bad, base, (id, b) => checkNewLanguage({ id, base: b }, [])?.code === 'languages.bad_code'),
    );
    expect(checkNewLanguage({ id: 'DE', base: 'en' }, [])?.code).toBe('languages.bad_code');
    expect(checkNewLanguage({ id: 'abcdefghi', base: 'en' }, [])?.code).toBe('languages.bad_code');
  });

  it('refuses a code the space has, built in or added', () => {
    fc.assert(
      fc.property(
        code,
        base,
        (id, b) => checkNewLanguage({ id, base: b }, [id])?.code === 'languages.duplicate',
      ),
    );
    for (const id of ['en', 'ru', 'fr'])
      expect(checkNewLanguage({ id, base: 'en' }, [])?.code).toBe('languages.duplicate');
  });

  it('refuses a base other than en or ru', () => {
    const other = fc.string({ maxLength: 8 }).filter((s) => s !== 'en' && s !== 'ru');
    fc.assert(
      fc.property(
        code,
        other,
        (id, b) => checkNewLanguage({ id, base: b }, [])?.code === 'languages.unknown_base',
      ),
    );
  });
});
