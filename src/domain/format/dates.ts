// Date input and output for grid cells and forms. Accepted inputs (spec §5): DD.M.YYYY,
// DD.MM.YYYY, DD.MMM.YYYY, DD.MMMM.YYYY, DD.M.YY, DD.MM.YY, DD.MMM.YY, DD.MM.YYYY HH:mm, with
// month names in English or Russian in any case; also what spreadsheets paste: ISO YYYY-MM-DD
// [HH:mm[:ss]], M/D/YYYY [h:mm [AM|PM]], D-MMM-YY and "January 15, 2024".
// Values are engine minutes since 2000-01-01 00:00 local, clamped to 2000-01-01 … 2050-01-01.

import { civilFromDays, clampMinutes, daysFromCivil, daysInMonth, MINUTES_PER_DAY } from './civil';
import { MONTHS_EN, MONTHS_RU_GENITIVE, monthFromName } from './months';

export type DateParseResult =
  { ok: true; value: number; clamped: boolean } | { ok: false; key: 'validation.invalid_date' };

export interface DateParseOptions {
  /**
   * Order of a slash date: 'mdy' reads 1/2/2024 as 2 January (Excel en-US, the default);
   * 'dmy' as 1 February (Excel en-GB and most of Europe). Either way, a first number above 12
   * can only be a day, so 15/1/2024 is 15 January under both.
   */
  slashOrder?: 'mdy' | 'dmy';
}

const INVALID = { ok: false, key: 'validation.invalid_date' } as const;

const TIME = String.raw`(?:(?:[\s,]+|t)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?)?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}$`, 'u');
const SLASH = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})${TIME}$`, 'u');
// Day first; the separator is a dot, space or hyphen; the month is a number or a name
// ("янв.", "January"). Dots after an abbreviation ("15.янв..2024") are tolerated.
const DAY_FIRST = new RegExp(
  String.raw`^(\d{1,2})[.\s-]+(\d{1,2}|[a-zа-яё]+)\.?[.\s-]+(\d{4}|\d{2})(?:\s*г\.?)?${TIME}$`,
  'u',
);
const MONTH_FIRST = new RegExp(String.raw`^([a-zа-яё]+)\.?\s+(\d{1,2}),?\s+(\d{4})${TIME}$`, 'u');

/** Parse a date typed or pasted into a cell. Two-digit years are 20YY (the product spans 2000–2050). */
export function parseDate(input: string, options: DateParseOptions = {}): DateParseResult {
  const text = input.trim().toLowerCase().replace(/\s+/gu, ' ');
  let m: RegExpExecArray | null;
  if ((m = ISO.exec(text))) return build(+m[1]!, +m[2]!, +m[3]!, m.slice(4));
  if ((m = SLASH.exec(text))) {
    const a = +m[1]!;
    const b = +m[2]!;
    const dayFirst = (options.slashOrder === 'dmy' && b <= 12) || a > 12;
    return build(year(m[3]!), dayFirst ? b : a, dayFirst ? a : b, m.slice(4));
  }
  if ((m = DAY_FIRST.exec(text))) {
    const month = /^\d+$/u.test(m[2]!) ? +m[2]! : monthFromName(m[2]!);
    return month === null ? INVALID : build(year(m[3]!), month, +m[1]!, m.slice(4));
  }
  if ((m = MONTH_FIRST.exec(text))) {
    const month = monthFromName(m[1]!);
    return month === null ? INVALID : build(+m[3]!, month, +m[2]!, m.slice(4));
  }
  return INVALID;
}

/** parseDate for callers that only need the value: null when the input is not a date. */
export function parseDateValue(input: string, options?: DateParseOptions): number | null {
  const r = parseDate(input, options);
  return r.ok ? r.value : null;
}

function year(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

function build(y: number, month: number, day: number, time: (string | undefined)[]): DateParseResult {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(y, month)) return INVALID;
  const [hh, mm, ss, ampm] = time;
  let hours = hh === undefined ? 0 : Number(hh);
  const minutes = mm === undefined ? 0 : Number(mm);
  if (ampm !== undefined) {
    if (hours < 1 || hours > 12) return INVALID;
    hours = (hours % 12) + (ampm.startsWith('p') ? 12 : 0);
  }
  // 24:00 is the end of a working day (calendars use it), any later time is a typo.
  if (minutes > 59 || hours > 24 || (hours === 24 && (minutes > 0 || Number(ss ?? 0) > 0))) return INVALID;
  if (ss !== undefined && Number(ss) > 59) return INVALID;
  // Seconds are below the engine's resolution and are dropped.
  const value = daysFromCivil(y, month, day) * MINUTES_PER_DAY + hours * 60 + minutes;
  const clamped = clampMinutes(value);
  return { ok: true, value: clamped, clamped: clamped !== value };
}

export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Engine minutes of a civil date and time (not clamped). */
export function minutesFromParts(p: Omit<DateTimeParts, 'hour' | 'minute'> & Partial<DateTimeParts>): number {
  return daysFromCivil(p.year, p.month, p.day) * MINUTES_PER_DAY + (p.hour ?? 0) * 60 + (p.minute ?? 0);
}

export function partsFromMinutes(minutes: number): DateTimeParts {
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const inDay = minutes - days * MINUTES_PER_DAY;
  return { ...civilFromDays(days), hour: Math.floor(inDay / 60), minute: inDay % 60 };
}

export type DateLang = 'en' | 'ru';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Format minutes with tokens YYYY YY MMMM MMM MM M DD D HH H mm (default 'DD.MM.YYYY'). Russian
 * month names are genitive ("15 января 2024"), as they are always written after a day.
 */
export function formatDate(minutes: number, pattern = 'DD.MM.YYYY', lang: DateLang = 'en'): string {
  const p = partsFromMinutes(minutes);
  const names = lang === 'ru' ? MONTHS_RU_GENITIVE : MONTHS_EN;
  return pattern.replace(/YYYY|YY|MMMM|MMM|MM|M|DD|D|HH|H|mm/g, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(p.year, 4);
      case 'YY':
        return pad(p.year % 100);
      case 'MMMM':
        return names[p.month - 1]!;
      case 'MMM':
        return names[p.month - 1]!.slice(0, 3);
      case 'MM':
        return pad(p.month);
      case 'M':
        return String(p.month);
      case 'DD':
        return pad(p.day);
      case 'D':
        return String(p.day);
      case 'HH':
        return pad(p.hour);
      case 'H':
        return String(p.hour);
      default:
        return pad(p.minute);
    }
  });
}

/** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' when the time is not midnight: for files and the API. */
export function formatIsoDate(minutes: number): string {
  return minutes % MINUTES_PER_DAY === 0
    ? formatDate(minutes, 'YYYY-MM-DD')
    : formatDate(minutes, 'YYYY-MM-DDTHH:mm');
}
