// The languages the open space's administrator added (src/state/space-langs.ts). An added language's locale
// is its base's with a private-use tag (en-US-x-de), so numbers and dates follow the base, and
// i18next's language is `<base>-x-<code>`, so a text the space did not translate falls back to the
// base's bundled one.
import { type AddedLang, useSpaceLangs } from '../../state/space-langs';

export { type AddedLang, useSpaceLangs };

export const addedLang = (id: string): AddedLang | undefined =>
  useSpaceLangs.getState().langs.find((l) => l.id === id);

const PRIVATE = /^([a-z]{2})(?:-[A-Za-z]{2})?-x-([a-z]{2,8})$/;

/** An added language's locale parts (en-US-x-de → base en, code de); null for a built-in locale. */
export function privateLocale(locale: string): { base: string; code: string } | null {
  const m = PRIVATE.exec(locale);
  return m ? { base: m[1]!, code: m[2]! } : null;
}
