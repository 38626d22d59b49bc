// Month names for parsing (English and Russian, any case, nominative, genitive and abbreviated)
// and for formatting.

export const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const RU_NOMINATIVE = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
];

export const MONTHS_RU_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

const FULL_FORMS: readonly (readonly string[])[] = MONTHS_EN.map((en, i) => [
  en.toLowerCase(),
  RU_NOMINATIVE[i]!,
  MONTHS_RU_GENITIVE[i]!,
]);

/**
 * Month 1–12 of a name: a full form, or a prefix of at least three letters of one ("sept",
 * "янв", "сент", "нояб"). Three letters already tell every month apart in both languages.
 */
export function monthFromName(name: string): number | null {
  const n = name.toLowerCase().replace(/\.$/u, '');
  if (n.length < 3) return null;
  for (let i = 0; i < 12; i++) {
    if (FULL_FORMS[i]!.some((form) => form.startsWith(n))) return i + 1;
  }
  return null;
}
