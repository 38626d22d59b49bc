// Timescale math of the Gantt: time (minutes since 2000-01-01, calendar-local) ↔ x pixels, the
// zoom levels day … year, and the tick marks of the two header tiers. Pure; no DOM.
//
// Calendar-local minutes are mapped onto UTC Date arithmetic, so no time zone ever shifts a tick.

export type ScaleUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

export const SCALE_UNITS: readonly ScaleUnit[] = ['day', 'week', 'month', 'quarter', 'year'];

const EPOCH_MS = Date.UTC(2000, 0, 1);
const MINUTES_PER_DAY = 1440;
/** 2000-01-01 00:00. */
export const MIN_TIME = 0;
/** 2050-01-01 00:00 (spec §5: timeline dates are clamped to 2000–2050). */
export const MAX_TIME = (Date.UTC(2050, 0, 1) - EPOCH_MS) / 60000;

/** Pixels per day at zoom 1 of each unit. */
const BASE_PX_PER_DAY: Record<ScaleUnit, number> = {
  day: 28,
  week: 9,
  month: 3,
  quarter: 1.1,
  year: 0.3,
};

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;

export interface Timescale {
  readonly unit: ScaleUnit;
  /** Multiplier on the unit's base width, MIN_ZOOM … MAX_ZOOM. */
  readonly zoom: number;
  /** The time at x = 0 of the scrollable timeline (before horizontal scroll). */
  readonly origin: number;
  /** Horizontal scroll in CSS pixels. */
  readonly scrollLeft: number;
}

export function clampTime(t: number): number {
  return t < MIN_TIME ? MIN_TIME : t > MAX_TIME ? MAX_TIME : t;
}

export function clampZoom(z: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
}

export function pxPerDay(ts: Pick<Timescale, 'unit' | 'zoom'>): number {
  return BASE_PX_PER_DAY[ts.unit] * ts.zoom;
}

export function pxPerMinute(ts: Pick<Timescale, 'unit' | 'zoom'>): number {
  return pxPerDay(ts) / MINUTES_PER_DAY;
}

/** Viewport x (CSS px) of a time. The time is clamped to 2000–2050 first. */
export function timeToX(ts: Timescale, t: number): number {
  return (clampTime(t) - ts.origin) * pxPerMinute(ts) - ts.scrollLeft;
}

/** Time at a viewport x, clamped to 2000–2050. */
export function xToTime(ts: Timescale, x: number): number {
  return clampTime(Math.round((x + ts.scrollLeft) / pxPerMinute(ts) + ts.origin));
}

/** Width in CSS px of the whole 2000–2050 timeline from the origin (for a horizontal scrollbar). */
export function timelineWidth(ts: Pick<Timescale, 'unit' | 'zoom' | 'origin'>): number {
  return (MAX_TIME - ts.origin) * pxPerMinute(ts);
}

/** Snap a time to the start of its day. */
export function snapToDay(t: number): number {
  // `+ 0` turns the -0 that a short move left rounds to into 0 (no move, no "-0" in a command)
  return Math.round(t / MINUTES_PER_DAY) * MINUTES_PER_DAY + 0;
}

export function toDate(t: number): Date {
  return new Date(EPOCH_MS + t * 60000);
}

export function fromDate(d: Date): number {
  return Math.round((d.getTime() - EPOCH_MS) / 60000);
}

/** Start (minutes) of the unit period that contains t. Weeks start on Monday. */
export function periodStart(unit: ScaleUnit | 'decade', t: number): number {
  const d = toDate(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'day':
      return Math.floor(t / MINUTES_PER_DAY) * MINUTES_PER_DAY;
    case 'week': {
      const day = Math.floor(t / MINUTES_PER_DAY);
      // Day 0 (2000-01-01) is a Saturday; Monday-based weekday index = (day + 5) % 7.
      const mondayOffset = (((day + 5) % 7) + 7) % 7;
      return (day - mondayOffset) * MINUTES_PER_DAY;
    }
    case 'month':
      return fromDate(new Date(Date.UTC(y, m, 1)));
    case 'quarter':
      return fromDate(new Date(Date.UTC(y, m - (m % 3), 1)));
    case 'year':
      return fromDate(new Date(Date.UTC(y, 0, 1)));
    case 'decade':
      return fromDate(new Date(Date.UTC(y - (y % 10), 0, 1)));
  }
}

/** The start of the period after the one starting at `start`. */
export function nextPeriod(unit: ScaleUnit | 'decade', start: number): number {
  const d = toDate(start);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'day':
      return start + MINUTES_PER_DAY;
    case 'week':
      return start + 7 * MINUTES_PER_DAY;
    case 'month':
      return fromDate(new Date(Date.UTC(y, m + 1, 1)));
    case 'quarter':
      return fromDate(new Date(Date.UTC(y, m + 3, 1)));
    case 'year':
      return fromDate(new Date(Date.UTC(y + 1, 0, 1)));
    case 'decade':
      return fromDate(new Date(Date.UTC(y + 10, 0, 1)));
  }
}

/** Upper and lower header tiers of each scale. */
export const TIERS: Record<ScaleUnit, readonly [ScaleUnit | 'decade', ScaleUnit]> = {
  day: ['month', 'day'],
  week: ['month', 'week'],
  month: ['year', 'month'],
  quarter: ['year', 'quarter'],
  year: ['decade', 'year'],
};

export interface Tick {
  readonly start: number;
  readonly end: number;
  readonly x0: number;
  readonly x1: number;
}

/** The periods of one tier that intersect the viewport [0, width], clamped to 2000–2050. */
export function ticks(ts: Timescale, unit: ScaleUnit | 'decade', width: number, maxTicks = 2000): Tick[] {
  const out: Tick[] = [];
  let start = periodStart(unit, xToTime(ts, 0));
  const last = xToTime(ts, width);
  while (start <= last && start < MAX_TIME && out.length < maxTicks) {
    const end = Math.min(nextPeriod(unit, start), MAX_TIME);
    out.push({ start, end, x0: timeToX(ts, start), x1: timeToX(ts, end) });
    start = end;
  }
  return out;
}

/** Weekend test for day shading (Saturday, Sunday). */
export function isWeekend(dayStart: number): boolean {
  const day = Math.floor(dayStart / MINUTES_PER_DAY);
  const dow = (((day + 6) % 7) + 7) % 7; // 0 = Sunday, like Date.getDay()
  return dow === 0 || dow === 6;
}

/**
 * Zoom in or out by one step of 1.25×. When the zoom leaves its unit's range the next unit takes
 * over at the same width (px per day), so zooming in never narrows the axis and zooming out never
 * widens it: the units' ranges overlap by more than one step.
 */
export function zoomStep(
  ts: Pick<Timescale, 'unit' | 'zoom'>,
  dir: 1 | -1,
): { unit: ScaleUnit; zoom: number } {
  const factor = dir > 0 ? 1.25 : 0.8;
  const z = ts.zoom * factor;
  if (z >= MIN_ZOOM && z <= MAX_ZOOM) return { unit: ts.unit, zoom: z };
  const i = SCALE_UNITS.indexOf(ts.unit) - dir;
  const unit = SCALE_UNITS[i];
  // The end of the range: stay at the limit (never step back the other way).
  if (!unit) return { unit: ts.unit, zoom: clampZoom(z) };
  return { unit, zoom: clampZoom((pxPerDay(ts) * factor) / BASE_PX_PER_DAY[unit]) };
}
