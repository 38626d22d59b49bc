// A module's texts as an i18next namespace of their own (src/i18n/<module>.{en,ru}.json), added
// to the app's instance on first use — after the app's init, which would replace earlier bundles —
// so the shared en.json/ru.json stay untouched. French reuses the English texts (spec §1).
// The bundled texts are kept by namespace so that a space's overrides (./overrides.ts) can be laid
// over them and taken back.
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

type Texts = Record<string, unknown>;

const bundled = new Map<string, { en: Texts; ru: Texts }>();

/** A namespace's bundled texts in a language (fr: en), if the namespace is known. */
export function bundledTexts(lng: string, ns: string): Texts | undefined {
  const b = bundled.get(ns);
  return b ? (lng === 'ru' ? b.ru : b.en) : undefined;
}

/** Registers a namespace's bundled texts (the shared "translation" one is registered at init). */
export function registerBundled(ns: string, en: Texts, ru: Texts): void {
  bundled.set(ns, { en, ru });
}

export function moduleTexts(ns: string, en: Texts, ru: Texts) {
  registerBundled(ns, en, ru);
  let added = false;
  const ensure = (): void => {
    if (added) return;
    added = true;
    // Not overwriting: overrides of the space may have been added to the namespace already.
    for (const [lng, texts] of [
      ['en', en],
      ['ru', ru],
      ['fr', en],
    ] as const) {
      i18next.addResourceBundle(lng, ns, texts, true, false);
    }
  };
  /** useTranslation for the namespace, its texts added first. */
  const useT = () => {
    ensure();
    return useTranslation(ns);
  };
  return { ensure, useT };
}
