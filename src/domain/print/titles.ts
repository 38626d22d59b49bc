// Dynamic values of header and footer titles: {page}, {pages}, {date}, {schedule}, {version},
// {data_date} and {user} inside free text. Any other {word} is an error naming it.

import type { TitleParts, TitleSet } from './settings';

export const TITLE_TOKENS = ['page', 'pages', 'date', 'schedule', 'version', 'data_date', 'user'] as const;
export type TitleToken = (typeof TITLE_TOKENS)[number];
export type TitleValues = Record<TitleToken, string>;

const TOKEN = /\{([a-z_]+)\}/g;

/** Tokens of a title text that are not dynamic values. */
export function unknownTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TOKEN))
    if (!(TITLE_TOKENS as readonly string[]).includes(m[1]!)) out.push(m[0]);
  return out;
}

export function expandTitle(text: string, values: TitleValues): string {
  return text.replace(TOKEN, (all, k: string) =>
    (TITLE_TOKENS as readonly string[]).includes(k) ? values[k as TitleToken] : all,
  );
}

/** The parts for page `index` (0-based) of `pages`: a special first, else last, else default. */
export function partsFor(set: TitleSet, index: number, pages: number): TitleParts {
  if (index === 0 && set.first) return set.first;
  if (index === pages - 1 && set.last) return set.last;
  return set.default;
}

/** Whether a band prints anything on any page (an empty band takes no room). */
export function bandUsed(set: TitleSet): boolean {
  const any = (p: TitleParts | null) => !!p && (p.left + p.center + p.right).trim() !== '';
  return any(set.first) || any(set.default) || any(set.last);
}
