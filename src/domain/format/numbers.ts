// Numbers and durations typed or pasted into cells. Spec §5: a value is accepted if it parses
// as a finite number after a comma is replaced by a dot. Spreadsheets also paste thousands
// separators (spaces, NBSP, thin spaces, apostrophes, or commas beside a decimal dot), so those
// are removed first. Spec §9: thousands grouped, 2 decimals by default.

export type NumberParseResult = { ok: true; value: number } | { ok: false; key: 'validation.invalid_number' };

// Space-like group separators: space, NBSP, narrow NBSP (Excel ru), thin space, apostrophes.
const GROUP_SPACES = /[\s\u00a0\u202f\u2009'’]/gu;
const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/iu;

/**
 * Parse a number. With both a comma and a dot present the later one is the decimal mark
 * ("1,234.5" en, "1.234,5" de); several commas and no dot are groups ("1,234,567"); otherwise a
 * lone comma is the decimal mark ("1,5" → 1.5, and "1,234" → 1.234 as the spec rule says).
 * A Unicode minus and a trailing percent sign are not numbers here (percent columns take "50").
 */
export function parseNumber(input: string): NumberParseResult {
  let t = input.trim().replace(GROUP_SPACES, '').replace(/^−/u, '-');
  const comma = t.lastIndexOf(',');
  const dot = t.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    t = comma > dot ? t.replace(/\./gu, '').replace(',', '.') : t.replace(/,/gu, '');
  } else if (comma >= 0) {
    t = t.indexOf(',') !== comma ? t.replace(/,/gu, '') : t.replace(',', '.');
  }
  if (!PLAIN.test(t)) return { ok: false, key: 'validation.invalid_number' };
  const value = Number(t);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, key: 'validation.invalid_number' };
}

export function parseNumberValue(input: string): number | null {
  const r = parseNumber(input);
  return r.ok ? r.value : null;
}

/** Integer-only fields (the input blocks dot and comma keys; a paste may still carry them). */
export function parseInteger(
  input: string,
): { ok: true; value: number } | { ok: false; key: 'validation.invalid_number' | 'validation.integer_only' } {
  const r = parseNumber(input);
  if (!r.ok) return r;
  return Number.isSafeInteger(r.value) ? r : { ok: false, key: 'validation.integer_only' };
}

export interface NumberFormat {
  decimals?: number;
  /** Default: en ',' and '.'; ru NBSP and ','. */
  lang?: 'en' | 'ru';
  /** Drop trailing zeros of the fraction ("5" rather than "5.00"). */
  trimZeros?: boolean;
  /** Group thousands (default true). */
  group?: boolean;
}

/** Format with grouped thousands and fixed decimals (2 by default), without Intl's locale data. */
export function formatNumber(value: number, format: NumberFormat = {}): string {
  if (!Number.isFinite(value)) return '';
  const decimals = format.decimals ?? 2;
  const [group, mark] = format.lang === 'ru' ? ['\u00a0', ','] : [',', '.'];
  const fixed = Math.abs(value).toFixed(decimals);
  let [int, frac = ''] = fixed.split('.') as [string, string?];
  if (format.trimZeros) frac = frac.replace(/0+$/u, '');
  if (format.group !== false) int = int.replace(/\B(?=(\d{3})+(?!\d))/gu, group);
  const negative = value < 0 && Number(fixed) !== 0;
  return (negative ? '-' : '') + int + (frac ? mark + frac : '');
}

// --- Durations -----------------------------------------------------------------------------

export type DurationParseResult =
  { ok: true; value: number } | { ok: false; key: 'validation.invalid_duration' };

export interface DurationUnits {
  /** Working hours in a day of the row's calendar (CalendarDef.hoursPerDay). */
  hoursPerDay: number;
  /** Defaults to 5 days. */
  hoursPerWeek?: number;
  /** Defaults to 20 days. */
  hoursPerMonth?: number;
}

type Unit = 'min' | 'h' | 'd' | 'w' | 'mo';

// Units as MS Project and P6 users type them, in English and Russian. A bare 'm' is minutes, as
// in MS Project ('mo' is a month).
const UNIT_NAMES: Record<string, Unit> = {
  m: 'min',
  min: 'min',
  mins: 'min',
  minute: 'min',
  minutes: 'min',
  мин: 'min',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  ч: 'h',
  час: 'h',
  часа: 'h',
  часов: 'h',
  d: 'd',
  day: 'd',
  days: 'd',
  д: 'd',
  дн: 'd',
  день: 'd',
  дня: 'd',
  дней: 'd',
  w: 'w',
  wk: 'w',
  wks: 'w',
  week: 'w',
  weeks: 'w',
  н: 'w',
  нед: 'w',
  неделя: 'w',
  недели: 'w',
  недель: 'w',
  mo: 'mo',
  mon: 'mo',
  month: 'mo',
  months: 'mo',
  мес: 'mo',
};

function minutesPerUnit(unit: Unit, u: DurationUnits): number {
  switch (unit) {
    case 'min':
      return 1;
    case 'h':
      return 60;
    case 'd':
      return u.hoursPerDay * 60;
    case 'w':
      return (u.hoursPerWeek ?? u.hoursPerDay * 5) * 60;
    case 'mo':
      return (u.hoursPerMonth ?? u.hoursPerDay * 20) * 60;
  }
}

/**
 * Parse a duration into working minutes: '5' and '1,5' are days, '5d', '5д', '40h', '2w', '90m'.
 * Negative durations are refused; the result is rounded to whole minutes.
 */
export function parseDuration(input: string, units: DurationUnits): DurationParseResult {
  const bad = { ok: false, key: 'validation.invalid_duration' } as const;
  const m = /^(.*?)\s*([a-zа-яё]*)\.?$/iu.exec(input.trim());
  if (!m || m[1] === '') return bad;
  const unit: Unit | undefined = m[2] === '' ? 'd' : UNIT_NAMES[m[2]!.toLowerCase()];
  const n = parseNumber(m[1]!);
  if (!unit || !n.ok || n.value < 0) return bad;
  const value = Math.round(n.value * minutesPerUnit(unit, units));
  return Number.isSafeInteger(value) ? { ok: true, value } : bad;
}

export function parseDurationValue(input: string, units: DurationUnits): number | null {
  const r = parseDuration(input, units);
  return r.ok ? r.value : null;
}

export interface DurationFormat extends NumberFormat {
  /** Display unit, days by default. */
  unit?: 'h' | 'd' | 'w';
  /** Append a unit suffix ('5d' / '5д'); without it the column header names the unit. */
  suffix?: boolean;
}

/** Format working minutes in days (default), hours or weeks, with up to 2 decimals. */
export function formatDuration(minutes: number, units: DurationUnits, format: DurationFormat = {}): string {
  const unit = format.unit ?? 'd';
  const text = formatNumber(minutes / minutesPerUnit(unit, units), { trimZeros: true, ...format });
  if (!format.suffix) return text;
  const suffix = format.lang === 'ru' ? { h: 'ч', d: 'д', w: 'н' }[unit] : unit;
  return text + suffix;
}
