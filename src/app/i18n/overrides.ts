// A space's overrides of the bundled texts (GET localization/{id}?part=overrides; docs/admin.md):
// laid over the bundled texts of the language, after the screen has started with the bundled ones
// (no wait at start-up); the overrides laid before are taken back first.
import i18next from 'i18next';
import { api } from '../../api';
import type { TextBundle } from '../../api';
import { call } from '../api/call';
import { useSystem } from '../../state/system';
import { bundledTexts } from './module-texts';
import { i18nLangOf, langOfLocale, localeOfLang } from './setup';
import { privateLocale, useSpaceLangs } from './space-langs';

/** Namespaces overridden per language, to put their bundled texts back. */
const applied = new Map<string, Set<string>>();

/**
 * Lays a language's overrides over its texts. `lng` is the i18next language (./setup i18nLangOf):
 * an added language (en-x-de) holds only its overrides, the rest falls back to its base.
 */
export async function applyTextOverrides(lng: string, overrides: TextBundle): Promise<void> {
  const added = lng.includes('-x-');
  for (const ns of applied.get(lng) ?? []) {
    const base = bundledTexts(lng, ns);
    if (added) i18next.removeResourceBundle(lng, ns);
    else if (base) i18next.addResourceBundle(lng, ns, base, true, true);
  }
  for (const [ns, tree] of Object.entries(overrides)) i18next.addResourceBundle(lng, ns, tree, true, true);
  applied.set(lng, new Set(Object.keys(overrides)));
  // Screens re-render on a language change. The screen's language is the chosen locale's: i18next
  // may have settled on the base while an added language had no texts of its own yet.
  if (i18nLangOf(useSystem.getState().language) === lng) await i18next.changeLanguage(lng);
}

/**
 * Loads and applies the open space's overrides of a language; `remember` also stores it as the
 * caller's language (localization/set). A failure leaves the bundled texts.
 */
export async function loadSpaceTexts(locale: string, remember = false): Promise<void> {
  const id = langOfLocale(locale);
  const query = { part: 'overrides' as const };
  try {
    const res = remember
      ? await call(api.localization.set, { params: { id }, query }, { silent: true })
      : await call(api.localization.texts, { params: { id }, query }, { silent: true });
    await applyTextOverrides(i18nLangOf(locale), res.texts);
  } catch {
    // Bundled texts stay: the overrides are a refinement, not needed to work.
  }
}

/**
 * Loads the languages the open space added (offered in the language menus). A stored added
 * language the space does not have gives way to its base. Returns the locale to use.
 */
export async function loadSpaceLangs(locale: string): Promise<string> {
  try {
    const list = await call(api.localization.list, {}, { silent: true });
    useSpaceLangs
      .getState()
      .setLangs(list.languages.filter((l) => l.added).map(({ id, name, base }) => ({ id, name, base })));
  } catch {
    useSpaceLangs.getState().setLangs([]);
  }
  const added = privateLocale(locale);
  if (added && !useSpaceLangs.getState().langs.some((l) => l.id === added.code))
    return localeOfLang(added.base);
  return locale;
}
