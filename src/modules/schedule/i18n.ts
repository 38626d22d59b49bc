// The workbench's texts as their own i18next namespace (src/i18n/workbench.*.json); fr uses en.

import i18next from 'i18next';
import en from '../../i18n/workbench.en.json';
import ru from '../../i18n/workbench.ru.json';

export const NS = 'workbench';

/** Adds the namespace once i18next is initialised (its store methods exist only after init). */
export function registerWorkbenchTexts(): void {
  if (!i18next.isInitialized) {
    i18next.on('initialized', registerWorkbenchTexts);
    return;
  }
  const bundles: [string, object][] = [
    ['en', en],
    ['ru', ru],
    ['fr', en],
  ];
  for (const [lng, res] of bundles) {
    if (!i18next.hasResourceBundle(lng, NS)) i18next.addResourceBundle(lng, NS, res, true, true);
  }
}

export function wbLang(): 'en' | 'ru' {
  return (i18next.language ?? 'en').startsWith('ru') ? 'ru' : 'en';
}
