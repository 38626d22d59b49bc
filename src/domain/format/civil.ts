// Calendar arithmetic on plain integers (proleptic Gregorian), after Howard Hinnant's
// days_from_civil / civil_from_days. No Date objects, so no time-zone or DST dependence: the
// engine's time is calendar-local minutes since 2000-01-01 00:00.

/** Days from 1970-01-01 to 2000-01-01. */
const EPOCH_2000 = 10957;

/** Days since 2000-01-01 (day 0, a Saturday) of a civil date; month 1–12. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468 - EPOCH_2000;
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** Inverse of daysFromCivil. */
export function civilFromDays(days: number): CivilDate {
  const z = days + EPOCH_2000 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** 0 = Sunday … 6 = Saturday, as Date.getDay() and CalendarDef.week index. */
export function weekday(days: number): number {
  return (((days + 6) % 7) + 7) % 7;
}

export const MINUTES_PER_DAY = 1440;
/** 2000-01-01 00:00. */
export const MIN_MINUTES = 0;
/** 2050-01-01 00:00: spec §5 clamps timeline dates to "about 1 Jan 2000 to 1 Jan 2050". */
export const MAX_MINUTES = daysFromCivil(2050, 1, 1) * MINUTES_PER_DAY;

export function clampMinutes(minutes: number): number {
  return Math.min(MAX_MINUTES, Math.max(MIN_MINUTES, minutes));
}
