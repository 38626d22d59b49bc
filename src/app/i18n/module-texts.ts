// A module's texts as an i18next namespace of their own (src/i18n/<module>.{en,ru}.json), added
// to the app's instance on first use — after the app's init, which would replace earlier bundles —
// so the shared en.json/ru.json stay untouched. French reuses the English texts (spec §1).
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

type Texts = Record<string, unknown>;

export function moduleTexts(ns: string, en: Texts, ru: Texts) {
  const ensure = (): void => {
    for (const [lng, texts] of [
      ['en', en],
      ['ru', ru],
      ['fr', en],
    ] as const) {
      if (!i18next.hasResourceBundle(lng, ns)) i18next.addResourceBundle(lng, ns, texts, true, false);
    }
  };
  /** useTranslation for the namespace, its texts added first. */
  const useT = () => {
    ensure();
    return useTranslation(ns);
  };
  return { ensure, useT };
}
