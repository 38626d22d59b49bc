// The module's texts as the i18next namespace "transfer" (en, ru; fr uses en), added to the app's
// instance on first use (after the app's init, which would replace earlier bundles), so the
// shared en.json/ru.json stay untouched.
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../i18n/transfer.en.json';
import ru from '../../i18n/transfer.ru.json';

export const NS = 'transfer';

export function ensureTexts(): void {
  for (const [lng, texts] of [
    ['en', en],
    ['ru', ru],
    ['fr', en],
  ] as const) {
    if (!i18next.hasResourceBundle(lng, NS)) i18next.addResourceBundle(lng, NS, texts, true, false);
  }
}

/** useTranslation for the module's namespace. */
export function useTransferT() {
  ensureTexts();
  return useTranslation(NS);
}
