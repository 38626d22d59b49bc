// Start-up language choice (spec §1, §4) and the browser-stored items (spec §3).
import { describe, expect, it } from 'vitest';
import { chooseLocale, langOfLocale, offeredLangs } from '../../src/app/i18n/setup';
import { createBrowserStore } from '../../src/app/session/storage';

describe('languages', () => {
  it('offers the known languages of allowed_langs in server order, first = default', () => {
    expect(offeredLangs(['ru', 'en', 'fr'])).toEqual(['ru', 'en', 'fr']);
    expect(offeredLangs(['en-US', 'de', 'ru'])).toEqual(['en', 'ru']);
    expect(offeredLangs([])).toEqual(['en']);
    expect(offeredLangs(undefined)).toEqual(['en']);
  });

  it('keeps the stored locale when it is still offered, else takes the first offered', () => {
    expect(chooseLocale('ru-RU', ['en', 'ru'])).toBe('ru-RU');
    expect(chooseLocale('fr-FR', ['ru', 'en'])).toBe('ru-RU');
    expect(chooseLocale(null, ['en', 'ru', 'fr'])).toBe('en-US');
    expect(chooseLocale(null, undefined)).toBe('en-US');
  });

  it('the language of a locale is the part before the hyphen', () => {
    expect(langOfLocale('ru-RU')).toBe('ru');
    expect(langOfLocale('xx-YY')).toBe('en');
  });
});

describe('browser-stored items', () => {
  function memory() {
    const data = new Map<string, string>();
    return createBrowserStore({
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    });
  }

  it('token: set, read, removed', () => {
    const s = memory();
    s.setToken('abc');
    expect(s.getToken()).toBe('abc');
    s.removeToken();
    expect(s.getToken()).toBeNull();
  });

  it('last space is kept per user and removed on its own', () => {
    const s = memory();
    s.setLastSpace('u1', 'space-a');
    s.setLastSpace('u2', 'space-b');
    expect(s.getLastSpace('u1')).toBe('space-a');
    s.removeLastSpace('u1');
    expect(s.getLastSpace('u1')).toBeNull();
    expect(s.getLastSpace('u2')).toBe('space-b');
  });

  it('last localization', () => {
    const s = memory();
    s.setLocale('ru-RU');
    expect(s.getLocale()).toBe('ru-RU');
  });
});
