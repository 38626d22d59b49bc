// The module's texts as the i18next namespace "attributes" (en, ru, fr from their own files),
// added to the app's instance on first use.
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../i18n/attributes.en.json';
import fr from '../../i18n/attributes.fr.json';
import ru from '../../i18n/attributes.ru.json';

export const NS = 'attributes';

export function ensureAttributeTexts(): void {
  for (const [lng, texts] of [
    ['en', en],
    ['ru', ru],
    ['fr', fr],
  ] as const) {
    if (!i18next.hasResourceBundle(lng, NS)) i18next.addResourceBundle(lng, NS, texts, true, false);
  }
}

export function useAttributesT() {
  ensureAttributeTexts();
  return useTranslation(NS);
}
