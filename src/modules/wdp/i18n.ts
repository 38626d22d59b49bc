// The module's texts as the i18next namespace "wdp" (en, ru; fr reuses en, spec §1), added to
// the app's instance on first use, like the transfer module's.
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../i18n/wdp.en.json';
import ru from '../../i18n/wdp.ru.json';

export const NS = 'wdp';

export function ensureTexts(): void {
  for (const [lng, texts] of [
    ['en', en],
    ['ru', ru],
    ['fr', en], // French reuses the English texts (spec §1)
  ] as const) {
    if (!i18next.hasResourceBundle(lng, NS)) i18next.addResourceBundle(lng, NS, texts, true, false);
  }
}

export function useWdpT() {
  ensureTexts();
  return useTranslation(NS);
}
