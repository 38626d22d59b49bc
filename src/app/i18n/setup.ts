// i18next set-up: en and ru texts, fr reuses en (spec §1). Languages offered come from system-state.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../i18n/en.json';
import ru from '../../i18n/ru.json';
import { registerBundled } from './module-texts';

export type Lang = 'en' | 'ru' | 'fr';
export const KNOWN_LANGS: readonly Lang[] = ['en', 'ru', 'fr'];
const LOCALE_OF: Record<Lang, string> = { en: 'en-US', ru: 'ru-RU', fr: 'fr-FR' };
export const DEFAULT_LOCALE = 'en-US';

export function langOfLocale(locale: string): Lang {
  const lang = locale.split('-')[0]?.toLowerCase();
  return (KNOWN_LANGS as readonly string[]).includes(lang ?? '') ? (lang as Lang) : 'en';
}

export function localeOfLang(lang: Lang): string {
  return LOCALE_OF[lang];
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
  if (stored && offered.includes(langOfLocale(stored))) return localeOfLang(langOfLocale(stored));
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
    lng: langOfLocale(locale),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = langOfLocale(locale);
}

export async function changeLocale(locale: string): Promise<void> {
  await i18next.changeLanguage(langOfLocale(locale));
  document.documentElement.lang = langOfLocale(locale);
}

export { i18next };
