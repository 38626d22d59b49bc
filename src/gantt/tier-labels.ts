// Labels of the timescale header. Each tier has a list of label forms, longest first; one form is
// chosen for the whole tier — the longest whose widest label fits the narrowest cell the tier can
// have at this zoom — so every cell of a tier reads the same way ("August", "September" …, never
// "August 2026" beside "Sep"). Dates come from Intl.DateTimeFormat in the page's locale. Pure
// apart from the caches; the text measure is passed in.

import type { ScaleUnit } from './timescale';
import { pxPerDay, toDate } from './timescale';

export type TierUnit = ScaleUnit | 'decade';

/** Texts of the header that are not dates (from i18n). */
export interface HeaderTexts {
  /** "Q3" / "3 кв." */
  quarter(q: number): string;
}

export type LabelForm = (start: number) => string;

/** The shortest a cell of each unit can be, in days (February; a 90-day quarter). */
const MIN_DAYS: Record<TierUnit, number> = {
  day: 1,
  week: 7,
  month: 28,
  quarter: 90,
  year: 365,
  decade: 3652,
};

/** Space left and right of a label inside its cell. */
export const LABEL_PAD = 3;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are expensive to create: one per locale and shape, kept. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return f;
}

/** Formats a date, dropping a trailing literal ("август 2026 г." → "август 2026"), capitalized. */
function dateForm(locale: string, options: Intl.DateTimeFormatOptions): LabelForm {
  const f = formatter(locale, options);
  return (start) => {
    const parts = f.formatToParts(toDate(start));
    let end = parts.length;
    while (end > 0 && parts[end - 1]!.type === 'literal') end--;
    let s = '';
    for (let i = 0; i < end; i++) s += parts[i]!.value;
    return s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);
  };
}

/** "Mon 28" / "Пн 28": weekday then day number in every locale. */
function weekdayForm(locale: string): LabelForm {
  const f = formatter(locale, { weekday: 'short' });
  return (start) => {
    const d = toDate(start);
    const w = f.format(d);
    return `${w.charAt(0).toLocaleUpperCase(locale)}${w.slice(1)} ${d.getUTCDate()}`;
  };
}

const year = (start: number) => String(toDate(start).getUTCFullYear());

/**
 * The label forms of a tier, longest first. `withYear`: the tier above does not show the year
 * (month labels of the day and week scales carry it; those of the month scale do not).
 */
export function labelForms(
  unit: TierUnit,
  locale: string,
  withYear: boolean,
  texts: HeaderTexts,
): readonly LabelForm[] {
  let byKey = formCache.get(texts);
  if (!byKey) formCache.set(texts, (byKey = new Map()));
  const key = `${unit}|${locale}|${withYear}`;
  let forms = byKey.get(key);
  if (!forms) byKey.set(key, (forms = makeForms(unit, locale, withYear, texts)));
  return forms;
}

/** Forms per header texts and (unit, locale, withYear): built once, not on every frame. */
const formCache = new WeakMap<HeaderTexts, Map<string, readonly LabelForm[]>>();

function makeForms(unit: TierUnit, locale: string, withYear: boolean, texts: HeaderTexts): LabelForm[] {
  switch (unit) {
    case 'day':
      return [weekdayForm(locale), (t) => String(toDate(t).getUTCDate())];
    case 'week':
      return [dateForm(locale, { day: 'numeric', month: 'short' }), (t) => String(toDate(t).getUTCDate())];
    case 'month':
      return withYear
        ? [
            dateForm(locale, { month: 'long', year: 'numeric' }),
            dateForm(locale, { month: 'short', year: 'numeric' }),
            dateForm(locale, { month: 'short' }),
            dateForm(locale, { month: 'narrow' }),
          ]
        : [
            dateForm(locale, { month: 'long' }),
            dateForm(locale, { month: 'short' }),
            dateForm(locale, { month: 'narrow' }),
          ];
    case 'quarter': {
      const q = (t: number) => Math.floor(toDate(t).getUTCMonth() / 3) + 1;
      return withYear
        ? [(t) => `${texts.quarter(q(t))} ${year(t)}`, (t) => texts.quarter(q(t)), (t) => String(q(t))]
        : [(t) => texts.quarter(q(t)), (t) => String(q(t))];
    }
    case 'year':
      return [year, (t) => `’${year(t).slice(2)}`];
    case 'decade':
      return [(t) => `${year(t)}–${Number(year(t)) + 9}`, year];
  }
}

/** Dates whose labels cover the widths a form can take (every month, every weekday …). */
function samples(unit: TierUnit): number[] {
  const utc = (y: number, m: number, d: number) => (Date.UTC(y, m, d) - Date.UTC(2000, 0, 1)) / 60000;
  switch (unit) {
    case 'day':
      // A week of two-digit days, Monday 21 … Sunday 27 September 2026.
      return Array.from({ length: 7 }, (_, i) => utc(2026, 8, 21 + i));
    case 'week':
      return Array.from({ length: 12 }, (_, m) => utc(2026, m, 28));
    case 'month':
      return Array.from({ length: 12 }, (_, m) => utc(2026, m, 1));
    case 'quarter':
      return [0, 3, 6, 9].map((m) => utc(2026, m, 1));
    case 'year':
      return [utc(2028, 0, 1)];
    case 'decade':
      return [utc(2020, 0, 1)];
  }
}

const widest = new Map<string, number>();

/**
 * Index of the longest form of the tier that fits its narrowest cell at this zoom, or -1 when none
 * does (the tier shows no labels). The widest label of each form is measured once per key.
 */
export function chooseForm(
  unit: TierUnit,
  forms: readonly LabelForm[],
  ts: Parameters<typeof pxPerDay>[0],
  measure: (text: string) => number,
  key: string,
): number {
  const room = MIN_DAYS[unit] * pxPerDay(ts) - 2 * LABEL_PAD;
  for (let i = 0; i < forms.length; i++) {
    const k = `${key}|${unit}|${i}`;
    let w = widest.get(k);
    if (w === undefined) {
      w = 0;
      for (const t of samples(unit)) w = Math.max(w, measure(forms[i]!(t)));
      widest.set(k, w);
    }
    if (w <= room) return i;
  }
  return -1;
}
