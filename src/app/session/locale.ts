// The interface language: chosen at start-up, switched by the user, remembered in the browser.
import { useSystem } from '../../state/system';
import { type Lang, changeLocale, localeOfLang, langOfLocale } from '../i18n/setup';
import { browserStore } from './storage';
import { useSession } from '../../state/session';
import { loadSpaceTexts } from '../i18n/overrides';

/** Set once the user picks a language: from then on a space's default language does not apply. */
const CHOSEN = 'locale-chosen';

export async function switchLocale(lang: string): Promise<void> {
  const locale = localeOfLang(langOfLocale(lang) as Lang);
  browserStore().raw.setItem(CHOSEN, '1');
  browserStore().setLocale(locale);
  useSystem.getState().setLanguage(locale);
  await changeLocale(locale);
  // Inside a space: its overrides of the new language's texts, and the choice remembered there.
  if (useSession.getState().spaceId) await loadSpaceTexts(locale, true);
}

/** A space's default language, for a user who has never picked one in this browser. */
export async function applySpaceLanguage(lang: string | null): Promise<void> {
  if (!lang || browserStore().raw.getItem(CHOSEN)) return;
  const locale = localeOfLang(lang as Lang);
  if (useSystem.getState().language === locale) return;
  browserStore().setLocale(locale);
  useSystem.getState().setLanguage(locale);
  await changeLocale(locale);
}
