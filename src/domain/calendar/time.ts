// Engine time: integer minutes since 2000-01-01 00:00 local (no zones), clamped to 2000–2050.
// Civil-date arithmetic is done by formula (days from civil), never through Date, so results do
// not depend on the host time zone.

import type { Minutes } from '../schedule/model';

export const MINUTES_PER_DAY = 1440;
/** Unix-epoch day number of 2000-01-01. */
const EPOCH_2000 = 10957;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1–12). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of daysFromCivil. */
export function civilFromDays(z0: number): { y: number; m: number; d: number } {
  const z = z0 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: era * 400 + yoe + (m <= 2 ? 1 : 0), m, d };
}

/** Days covered by the engine: 2000-01-01 up to (not including) 2051-01-01. */
export const DAY_COUNT = daysFromCivil(2051, 1, 1) - EPOCH_2000;
export const MIN_TIME: Minutes = 0;
export const MAX_TIME: Minutes = DAY_COUNT * MINUTES_PER_DAY;

export function clampTime(t: number): Minutes {
  return t < MIN_TIME ? MIN_TIME : t > MAX_TIME ? MAX_TIME : t;
}

/** Engine minutes of a local date-time, clamped to the supported range. */
export function toMinutes(y: number, mo: number, d: number, h = 0, mi = 0): Minutes {
  return clampTime((daysFromCivil(y, mo, d) - EPOCH_2000) * MINUTES_PER_DAY + h * 60 + mi);
}

/** Day index (days since 2000-01-01) of an engine time. */
export function dayOf(t: Minutes): number {
  return Math.floor(t / MINUTES_PER_DAY);
}

/** Weekday like Date.getDay() (0 = Sunday) of a day index; 2000-01-01 was a Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 6) % 7) + 7) % 7;
}

const DATE_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * Parses "YYYY-MM-DD", "YYYY-MM-DD HH:MM" (XER) or "YYYY-MM-DDTHH:MM:SS" (XML) as local time.
 * Returns null for an empty or malformed string; seconds are dropped (the engine counts minutes).
 */
export function parseLocal(text: string): Minutes | null {
  const m = DATE_RE.exec(text.trim());
  if (!m) return null;
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const h = m[4] === undefined ? 0 : Number(m[4]);
  const mi = m[5] === undefined ? 0 : Number(m[5]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59) return null;
  return toMinutes(Number(m[1]), mo, d, h, mi);
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** "YYYY-MM-DDTHH:mm" local. */
export function formatLocal(t: Minutes): string {
  const day = dayOf(t);
  const rest = t - day * MINUTES_PER_DAY;
  const { y, m, d } = civilFromDays(day + EPOCH_2000);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(Math.floor(rest / 60))}:${pad(rest % 60)}`;
}
