// A language a space's administrator adds (docs/admin.md "Localization"): its code is 2–8 lower-case
// Latin letters and new to the space (en, ru and fr are always there), and its texts start from a
// bundled language, en or ru. The first problem is named; none means the language may be added.

export const BUILT_IN_LANGS = ['en', 'ru', 'fr'] as const;
export const BASE_LANGS = ['en', 'ru'] as const;
export type BaseLang = (typeof BASE_LANGS)[number];

export const LANG_CODE = /^[a-z]{2,8}$/;

export type LanguageProblem =
  | { code: 'languages.bad_code'; id: string }
  | { code: 'languages.duplicate'; id: string }
  | { code: 'languages.unknown_base'; base: string };

export function checkNewLanguage(
  input: { id: string; base: string },
  existing: readonly string[],
): LanguageProblem | null {
  if (!LANG_CODE.test(input.id)) return { code: 'languages.bad_code', id: input.id };
  if ((BUILT_IN_LANGS as readonly string[]).includes(input.id) || existing.includes(input.id))
    return { code: 'languages.duplicate', id: input.id };
  if (!(BASE_LANGS as readonly string[]).includes(input.base))
    return { code: 'languages.unknown_base', base: input.base };
  return null;
}
