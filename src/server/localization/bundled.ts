// The client's bundled texts as the server serves them: src/i18n/en.json and ru.json are the
// shared namespace "translation", src/i18n/<ns>.<lang>.json a module's namespace (as the client's
// moduleTexts loads them). French reuses the English texts (spec §1). Read once, on first use.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextBundle, TextTree } from '../../domain/admin/texts';

export type TextLang = 'en' | 'ru' | 'fr';
/** The bundled texts a language starts from. */
export const BASE_OF: Record<TextLang, 'en' | 'ru'> = { en: 'en', ru: 'ru', fr: 'en' };
export const LANG_NAMES: Record<TextLang, string> = { en: 'English', ru: 'Русский', fr: 'Français' };

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../i18n');
let cache: Record<'en' | 'ru', TextBundle> | null = null;

function load(): Record<'en' | 'ru', TextBundle> {
  const out: Record<'en' | 'ru', TextBundle> = { en: {}, ru: {} };
  for (const file of readdirSync(dir)) {
    const m = /^(?:([a-z0-9]+)\.)?(en|ru)\.json$/.exec(file);
    if (!m) continue;
    const texts = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as TextTree;
    out[m[2] as 'en' | 'ru'][m[1] ?? 'translation'] = texts;
  }
  return out;
}

/** The bundled texts of a language (shared, do not mutate). */
export function bundledTexts(lang: TextLang): TextBundle {
  cache ??= load();
  return cache[BASE_OF[lang]];
}
