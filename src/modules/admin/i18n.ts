// The module's texts as the i18next namespace "admin" (en, ru, fr from their own files), added to
// the app's instance on first use, as the transfer module does.
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../i18n/admin.en.json';
import fr from '../../i18n/admin.fr.json';
import ru from '../../i18n/admin.ru.json';

export const NS = 'admin';

export function ensureTexts(): void {
  for (const [lng, texts] of [
    ['en', en],
    ['ru', ru],
    ['fr', fr],
  ] as const) {
    if (!i18next.hasResourceBundle(lng, NS)) i18next.addResourceBundle(lng, NS, texts, true, false);
  }
}

export function useAdminT() {
  ensureTexts();
  return useTranslation(NS);
}
