// Sheet names and the small text forms the XLSX file uses for calendars: a day's working
// intervals as '08:00-12:00, 13:00-17:00' (empty = not working).

import type { WorkInterval } from '../../schedule/model';
import { formatClock } from '../write-time';

export const SHEET = {
  activities: 'Activities',
  relations: 'Relations',
  calendars: 'Calendars',
  exceptions: 'Calendar exceptions',
  project: 'Project',
  resources: 'Resources',
  assignments: 'Assignments',
} as const;

export const DAY_HEADERS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const CALENDAR_HEADERS = [
  'ID',
  'Name',
  'Default',
  'Hours/day',
  'Hours/week',
  'Hours/month',
  ...DAY_HEADERS,
];
export const EXCEPTION_HEADERS = ['Calendar ID', 'Date', 'Working hours'];
export const RELATION_HEADERS = [
  'ID',
  'Predecessor ID',
  'Successor ID',
  'Predecessor code',
  'Successor code',
  'Type',
  'Lag (h)',
  'Lag calendar',
];
export const RESOURCE_HEADERS = ['ID', 'Name', 'Calendar ID', 'Kind'];
export const ASSIGNMENT_HEADERS = ['ID', 'Activity ID', 'Resource ID', 'Units'];

export function formatIntervals(ivs: readonly WorkInterval[]): string {
  return ivs.map((iv) => `${formatClock(iv.start)}-${formatClock(iv.end)}`).join(', ');
}

/** Parses '08:00-12:00, 13:00-17:00'; null when the text is not such a list. */
export function parseIntervals(text: string): WorkInterval[] | null {
  const t = text.trim();
  if (!t) return [];
  const out: WorkInterval[] = [];
  for (const part of t.split(/[,;]/)) {
    const m = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(part);
    if (!m) return null;
    const start = +m[1]! * 60 + +m[2]!;
    let end = +m[3]! * 60 + +m[4]!;
    if (end === 0) end = 1440;
    if (start >= end || end > 1440 || +m[2]! > 59 || +m[4]! > 59) return null;
    out.push({ start, end });
  }
  return out;
}
