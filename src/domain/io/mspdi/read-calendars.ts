// MSPDI calendars: WeekDay entries with DayType 1 = Sunday … 7 = Saturday and working times;
// exceptions either as WeekDay with DayType 0 and a TimePeriod (older files) or as Exception
// elements (Project 2007+). A derived calendar inherits the days it does not define.

import { parseLocal } from '../../calendar/time';
import { standardCalendarDef } from '../../calendar/calendar-index';
import type { CalendarDef, CalendarException, WorkInterval } from '../../schedule/model';
import { child, children, text } from './xml';
import type { XmlNode } from './xml';

function hm(v: string): number | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function times(node: XmlNode): WorkInterval[] {
  if (text(node, 'DayWorking') === '0') return [];
  const out: WorkInterval[] = [];
  for (const w of children(child(node, 'WorkingTimes'), 'WorkingTime')) {
    const s = hm(text(w, 'FromTime'));
    let e = hm(text(w, 'ToTime'));
    if (s === null || e === null) continue;
    if (e === 0) e = 1440;
    if (e > s) out.push({ start: s, end: e });
  }
  return out;
}

function periodDays(node: XmlNode): number[] {
  const p = child(node, 'TimePeriod');
  const from = parseLocal(text(p, 'FromDate'));
  const to = parseLocal(text(p, 'ToDate'));
  if (from === null || to === null) return [];
  const days: number[] = [];
  // ToDate is the last moment of the period (e.g. 23:59), so the day containing it is included.
  for (let d = Math.floor(from / 1440); d <= Math.floor((to - 1) / 1440) && days.length < 20000; d++)
    days.push(d);
  return days;
}

export function readMspdiCalendars(project: XmlNode): CalendarDef[] {
  const raw = children(child(project, 'Calendars'), 'Calendar').map((c) => {
    const week: (WorkInterval[] | null)[] = [null, null, null, null, null, null, null];
    const exceptions: CalendarException[] = [];
    for (const wd of children(child(c, 'WeekDays'), 'WeekDay')) {
      const type = Number(text(wd, 'DayType'));
      if (type >= 1 && type <= 7) week[type - 1] = times(wd);
      else if (type === 0) for (const day of periodDays(wd)) exceptions.push({ day, intervals: times(wd) });
    }
    for (const ex of children(child(c, 'Exceptions'), 'Exception')) {
      for (const day of periodDays(ex)) exceptions.push({ day, intervals: times(ex) });
    }
    return { uid: text(c, 'UID'), name: text(c, 'Name'), base: text(c, 'BaseCalendarUID'), week, exceptions };
  });
  const byId = new Map(raw.map((r) => [r.uid, r]));
  const fallback = standardCalendarDef().week;
  return raw.map((r) => {
    const week = r.week.map((d, i) => {
      for (let b = r, depth = 0; depth < 10; depth++) {
        if (b.week[i] !== null && (b === r || d === null)) return b.week[i]!;
        const next = byId.get(b.base);
        if (!next || next === b) break;
        b = next;
      }
      return fallback[i];
    });
    const base = byId.get(r.base);
    const inherited =
      base && base !== r ? base.exceptions.filter((e) => !r.exceptions.some((x) => x.day === e.day)) : [];
    return {
      id: r.uid,
      name: r.name,
      week,
      exceptions: [...inherited, ...r.exceptions],
      hoursPerDay: 8,
      hoursPerWeek: 40,
      hoursPerMonth: 160,
    };
  });
}
