// i18next set-up: en and ru texts, fr reuses en (spec §1). Languages offered come from system-state.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../i18n/en.json';
import ru from '../../i18n/ru.json';
import { registerBundled } from './module-texts';
import { addedLang, privateLocale } from './space-langs';

export type Lang = 'en' | 'ru' | 'fr';
export const KNOWN_LANGS: readonly Lang[] = ['en', 'ru', 'fr'];
const LOCALE_OF: Record<Lang, string> = { en: 'en-US', ru: 'ru-RU', fr: 'fr-FR' };
export const DEFAULT_LOCALE = 'en-US';

/** The language of a locale: a built-in one, or the code of a language the space added (./space-langs). */
export function langOfLocale(locale: string): string {
  const added = privateLocale(locale);
  if (added) return added.code;
  const lang = locale.split('-')[0]?.toLowerCase() ?? '';
  if ((KNOWN_LANGS as readonly string[]).includes(lang) || addedLang(lang)) return lang;
  return 'en';
}

/** A language's locale; an added one's is its base's with a private-use tag (en-US-x-de). */
export function localeOfLang(lang: string): string {
  const added = addedLang(lang);
  if (added) return `${LOCALE_OF[added.base]}-x-${added.id}`;
  return LOCALE_OF[lang as Lang] ?? DEFAULT_LOCALE;
}

/** The i18next language of a locale: an added language's is `<base>-x-<code>` (falls back to the base). */
export function i18nLangOf(locale: string): string {
  const added = privateLocale(locale);
  return added ? `${added.base}-x-${added.code}` : langOfLocale(locale);
}

/**
 * Offered languages: the known ones of allowed_langs, in server order (first = default).
 * An empty or unknown list falls back to English.
 */
export function offeredLangs(allowed: readonly string[] | undefined): Lang[] {
  const langs = (allowed ?? [])
    .map((l) => l.split('-')[0]?.toLowerCase())
    .filter((l): l is Lang => (KNOWN_LANGS as readonly string[]).includes(l ?? ''));
  return langs.length > 0 ? [...new Set(langs)] : ['en'];
}

/** The locale to start with: the stored one if it is still offered, else the first offered. */
export function chooseLocale(stored: string | null, allowed: readonly string[] | undefined): string {
  const offered = offeredLangs(allowed);
  // An added language is kept while its base is offered; the space's list confirms it on entry.
  const added = stored ? privateLocale(stored) : null;
  if (stored && added && offered.includes(added.base as Lang)) return stored;
  if (stored && offered.includes(langOfLocale(stored) as Lang)) return localeOfLang(langOfLocale(stored));
  return localeOfLang(offered[0] ?? 'en');
}

export async function initI18n(locale: string): Promise<void> {
  registerBundled('translation', en, ru);
  await i18next.use(initReactI18next).init({
    // Copies: i18next keeps these objects and a space's overrides (./overrides.ts) are merged into
    // them, which must change neither the bundled texts nor English through French.
    resources: {
      en: { translation: structuredClone(en) },
      ru: { translation: structuredClone(ru) },
      fr: { translation: structuredClone(en) },
    },
    lng: i18nLangOf(locale),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = langOfLocale(locale);
}

export async function changeLocale(locale: string): Promise<void> {
  await i18next.changeLanguage(i18nLangOf(locale));
  document.documentElement.lang = langOfLocale(locale);
}

export { i18next };
