// The interface language: chosen at start-up, switched by the user, remembered in the browser.
import { useSystem } from '../../state/system';
import { changeLocale, localeOfLang, langOfLocale } from '../i18n/setup';
import { browserStore } from './storage';
import { useSession } from '../../state/session';
import { loadSpaceLangs, loadSpaceTexts } from '../i18n/overrides';

/** Set once the user picks a language: from then on a space's default language does not apply. */
const CHOSEN = 'locale-chosen';

export async function switchLocale(lang: string): Promise<void> {
  const locale = localeOfLang(langOfLocale(lang));
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
  const locale = localeOfLang(lang);
  if (useSystem.getState().language === locale) return;
  browserStore().setLocale(locale);
  useSystem.getState().setLanguage(locale);
  await changeLocale(locale);
}

/**
 * On entering a space: its default language (./applySpaceLanguage), the languages it added, and its
 * texts of the language in use. A stored added language the space does not have gives way to its base.
 */
export async function enterSpaceLanguage(defaultLang: string | null): Promise<void> {
  await applySpaceLanguage(defaultLang);
  const shown = useSystem.getState().language;
  const locale = await loadSpaceLangs(shown);
  if (locale !== shown) {
    browserStore().setLocale(locale);
    useSystem.getState().setLanguage(locale);
    await changeLocale(locale);
  }
  await loadSpaceTexts(locale);
}
