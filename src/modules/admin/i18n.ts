// The texts of the administration, profile and home screens as the i18next namespace "admin",
// added to the app's instance on first use (after the app's init, which would replace earlier
// bundles), so the shared en.json/ru.json stay untouched.
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../i18n/admin.en.json';
import fr from '../../i18n/admin.fr.json';
import ru from '../../i18n/admin.ru.json';

export const NS = 'admin';

function ensureTexts(): void {
  for (const [lng, texts] of [
    ['en', en],
    ['ru', ru],
    ['fr', fr],
  ] as const) {
    if (!i18next.hasResourceBundle(lng, NS)) i18next.addResourceBundle(lng, NS, texts, true, false);
  }
}

/** useTranslation for the module's namespace. */
export function useAdminT() {
  ensureTexts();
  return useTranslation(NS);
}
