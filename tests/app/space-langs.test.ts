// Languages a space added (src/app/i18n/space-langs.ts, setup.ts): their locale is the base's with a
// private-use tag, so numbers and dates follow the base and i18next falls back to the base's texts;
// a stored added language survives a reload while its base is offered.
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale, i18nLangOf, langOfLocale, localeOfLang } from '../../src/app/i18n/setup';
import { useSpaceLangs } from '../../src/state/space-langs';

describe('added languages', () => {
  afterEach(() => useSpaceLangs.getState().setLangs([]));

  it('map a code to its base locale with a private-use tag and back', () => {
    expect(localeOfLang('de')).toBe('en-US'); // not (yet) a language of the space
    useSpaceLangs.getState().setLangs([
      { id: 'de', name: 'Deutsch', base: 'en' },
      { id: 'uk', name: 'Українська', base: 'ru' },
    ]);
    expect(localeOfLang('de')).toBe('en-US-x-de');
    expect(localeOfLang('uk')).toBe('ru-RU-x-uk');
    expect(langOfLocale('ru-RU-x-uk')).toBe('uk');
    expect(langOfLocale('de')).toBe('de');
    expect(i18nLangOf('ru-RU-x-uk')).toBe('ru-x-uk');
    expect(i18nLangOf('ru-RU')).toBe('ru');
    // Numbers follow the base language.
    expect(new Intl.NumberFormat('ru-RU-x-uk').format(1234.5)).toBe(
      new Intl.NumberFormat('ru-RU').format(1234.5),
    );
  });

  it('keep a stored added language while its base is offered', () => {
    expect(chooseLocale('en-US-x-de', ['en', 'ru'])).toBe('en-US-x-de');
    expect(chooseLocale('ru-RU-x-uk', ['en'])).toBe('en-US');
    expect(chooseLocale('ru-RU', ['en', 'ru'])).toBe('ru-RU');
  });
});
