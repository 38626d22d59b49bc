// The module's texts as the i18next namespace "attributes" (en, ru; fr reuses en, spec §1),
// added to the app's instance on first use.
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../i18n/attributes.en.json';
import ru from '../../i18n/attributes.ru.json';

export const NS = 'attributes';

export function ensureAttributeTexts(): void {
  for (const [lng, texts] of [
    ['en', en],
    ['ru', ru],
    ['fr', en], // French reuses the English texts (spec §1)
  ] as const) {
    if (!i18next.hasResourceBundle(lng, NS)) i18next.addResourceBundle(lng, NS, texts, true, false);
  }
}

export function useAttributesT() {
  ensureAttributeTexts();
  return useTranslation(NS);
}
