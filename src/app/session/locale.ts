// The interface language: chosen at start-up, switched by the user, remembered in the browser.
import { useSystem } from '../../state/system';
import { type Lang, changeLocale, localeOfLang, langOfLocale } from '../i18n/setup';
import { browserStore } from './storage';

export async function switchLocale(lang: string): Promise<void> {
  const locale = localeOfLang(langOfLocale(lang) as Lang);
  browserStore().setLocale(locale);
  useSystem.getState().setLanguage(locale);
  await changeLocale(locale);
}
