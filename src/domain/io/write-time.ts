// Date and duration text of the file formats, from and to the model's integer minutes since
// 2000-01-01 00:00 local. UTC arithmetic stands in for "local without a zone": no DST shifts.

import type { Minutes } from '../schedule/model';

const EPOCH_MS = Date.UTC(2000, 0, 1);
const MS_PER_MIN = 60_000;
/** Days from 1899-12-30 (Excel's and P6's day zero) to 2000-01-01. */
export const DAYS_1899_TO_2000 = 36_526;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number): string => String(n).padStart(4, '0');

export interface DateParts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
}

export function minutesToParts(m: Minutes): DateParts {
  const t = new Date(EPOCH_MS + m * MS_PER_MIN);
  return {
    y: t.getUTCFullYear(),
    mo: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    mi: t.getUTCMinutes(),
  };
}

export function partsToMinutes(p: DateParts): Minutes {
  return Math.round((Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi) - EPOCH_MS) / MS_PER_MIN);
}

/** 'YYYY-MM-DD' of a model day number (days since 2000-01-01). */
export function dayToIsoDate(day: number): string {
  const p = minutesToParts(day * 1440);
  return `${pad4(p.y)}-${pad2(p.mo)}-${pad2(p.d)}`;
}

/** 'YYYY-MM-DD HH:MM' (XER, CSV). */
export function formatDateTime(m: Minutes, sep = ' '): string {
  const p = minutesToParts(m);
  return `${pad4(p.y)}-${pad2(p.mo)}-${pad2(p.d)}${sep}${pad2(p.h)}:${pad2(p.mi)}`;
}

/** 'YYYY-MM-DDTHH:MM:SS' (MSPDI, P6 XML). */
export function formatIsoLocal(m: Minutes): string {
  return `${formatDateTime(m, 'T')}:00`;
}

/** 'HH:MM' of minutes from midnight; 1440 is written as '24:00' unless `midnightAs` says otherwise. */
export function formatClock(minOfDay: number, midnightAs = '24:00'): string {
  if (minOfDay >= 1440) return midnightAs;
  return `${pad2(Math.floor(minOfDay / 60))}:${pad2(minOfDay % 60)}`;
}

const DATE_RE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*$/;

/**
 * Parses 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DDTHH:MM:SS'; returns null when the text
 * is not such a date or names an impossible day (2021-02-30).
 */
export function parseDateTime(text: string): Minutes | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const p: DateParts = { y: +m[1]!, mo: +m[2]!, d: +m[3]!, h: m[4] ? +m[4] : 0, mi: m[5] ? +m[5] : 0 };
  if (p.mo < 1 || p.mo > 12 || p.d < 1 || p.d > 31 || p.h > 24 || p.mi > 59) return null;
  const back = minutesToParts(partsToMinutes(p));
  if (p.h < 24 && (back.d !== p.d || back.mo !== p.mo)) return null;
  return partsToMinutes(p);
}

/** The model's date range (2000–2050) as the spec clamps it. */
export const MIN_MINUTES = 0;
export const MAX_MINUTES = partsToMinutes({ y: 2051, mo: 1, d: 1, h: 0, mi: 0 });

export function inModelRange(m: Minutes): boolean {
  return m >= MIN_MINUTES && m < MAX_MINUTES;
}

/** Hours with at most 4 decimals and no trailing zeros ('40', '7.5', '0.3333'). */
export function formatHours(workMinutes: number): string {
  return formatNumber(workMinutes / 60);
}

export function formatNumber(n: number, decimals = 4): string {
  if (!Number.isFinite(n)) return '0';
  const s = n.toFixed(decimals);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** ISO-8601 duration of working minutes as MS Project writes it: 'PT8H0M0S'. */
export function formatIsoDuration(workMinutes: number): string {
  const sign = workMinutes < 0 ? '-' : '';
  const abs = Math.abs(Math.round(workMinutes * 60));
  const h = Math.floor(abs / 3600);
  const mi = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  return `${sign}PT${h}H${mi}M${s}S`;
}

/** Excel serial day number (days since 1899-12-30, fractional time) of a model time. */
export function minutesToExcelSerial(m: Minutes): number {
  return DAYS_1899_TO_2000 + m / 1440;
}

export function excelSerialToMinutes(serial: number): Minutes {
  return Math.round((serial - DAYS_1899_TO_2000) * 1440);
}

/** A JS Date whose UTC fields show the model time (what exceljs writes as a date cell). */
export function minutesToUtcDate(m: Minutes): Date {
  return new Date(EPOCH_MS + m * MS_PER_MIN);
}

export function utcDateToMinutes(d: Date): Minutes {
  return Math.round((d.getTime() - EPOCH_MS) / MS_PER_MIN);
}
