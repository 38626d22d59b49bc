// PMXML calendars: StandardWorkWeek/StandardWorkHours per DayOfWeek with WorkTime Start/Finish,
// and HolidayOrExceptions with a Date and optional WorkTime. P6 writes a finish as the last
// working minute (16:59) or as 00:00 for midnight; both are normalised to an exclusive end.

import { parseLocal } from '../../calendar/time';
import type { CalendarDef, CalendarException, WorkInterval } from '../../schedule/model';
import { child, children, text } from '../mspdi/xml';
import type { XmlNode } from '../mspdi/xml';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function hm(v: string): number | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function workTimes(node: XmlNode): WorkInterval[] {
  const out: WorkInterval[] = [];
  for (const w of children(node, 'WorkTime')) {
    const s = hm(text(w, 'Start'));
    let f = hm(text(w, 'Finish'));
    if (s === null || f === null) continue;
    if (f === 0) f = 1440;
    else if (f % 60 === 59 || f % 30 === 29) f += 1;
    if (f > s) out.push({ start: s, end: f });
  }
  return out;
}

export function readPmxmlCalendars(nodes: XmlNode[]): CalendarDef[] {
  const parsed = nodes.map((c) => {
    const week: (WorkInterval[] | null)[] = [null, null, null, null, null, null, null];
    for (const d of children(child(c, 'StandardWorkWeek'), 'StandardWorkHours')) {
      const k = DAYS.indexOf(text(d, 'DayOfWeek').toLowerCase());
      if (k >= 0) week[k] = workTimes(d);
    }
    const exceptions: CalendarException[] = [];
    for (const e of children(child(c, 'HolidayOrExceptions'), 'HolidayOrException')) {
      const t = parseLocal(text(e, 'Date'));
      if (t !== null) exceptions.push({ day: Math.floor(t / 1440), intervals: workTimes(e) });
    }
    return { c, week, exceptions };
  });
  const byId = new Map(parsed.map((p) => [text(p.c, 'ObjectId'), p]));
  return parsed.map(({ c, week, exceptions }) => {
    const base = byId.get(text(c, 'BaseCalendarObjectId'));
    const hpd = Number(text(c, 'HoursPerDay')) || 8;
    return {
      id: text(c, 'ObjectId'),
      name: text(c, 'Name'),
      week: week.map((d, i) => d ?? base?.week[i] ?? (i === 0 || i === 6 ? [] : [{ start: 480, end: 1020 }])),
      exceptions: [...(base && base.c !== c ? base.exceptions : []), ...exceptions],
      hoursPerDay: hpd,
      hoursPerWeek: Number(text(c, 'HoursPerWeek')) || hpd * 5,
      hoursPerMonth: Number(text(c, 'HoursPerMonth')) || hpd * 21.5,
      isDefault: text(c, 'IsDefault').toLowerCase() === 'true',
    };
  });
}
