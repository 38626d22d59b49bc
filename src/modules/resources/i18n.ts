// The module's texts as the i18next namespace "resources" (en, ru; fr reuses en, spec §1), added to the app's
// instance on first use, so the shared en.json/ru.json stay untouched.
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../i18n/resources.en.json';
import ru from '../../i18n/resources.ru.json';

export const NS = 'resources';

export function ensureTexts(): void {
  for (const [lng, texts] of [
    ['en', en],
    ['ru', ru],
    ['fr', en], // French reuses the English texts (spec §1)
  ] as const) {
    if (!i18next.hasResourceBundle(lng, NS)) i18next.addResourceBundle(lng, NS, texts, true, false);
  }
}

/** useTranslation for the module's namespace. */
export function useResourcesT() {
  ensureTexts();
  return useTranslation(NS);
}
