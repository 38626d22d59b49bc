// Small hand-made networks on P6's usual calendar (Mon–Fri 08:00–12:00, 13:00–17:00), data date
// Monday 2024-01-01 08:00, and a reader of the results in P6's terms (local dates, hours).

import { formatLocal, parseLocal } from '../../../src/domain/calendar/time';
import { scheduleModel } from '../../../src/domain/schedule/index';
import type {
  Activity,
  CalendarDef,
  Relation,
  RelationType,
  ScheduleModel,
  ScheduleOptions,
} from '../../../src/domain/schedule/model';
import type { ScheduleResult } from '../../../src/domain/schedule/result';
import { task } from '../../fixtures/network-generator';

export const DAY = 480;

export function at(text: string): number {
  const t = parseLocal(text);
  if (t === null) throw new Error(`bad date ${text}`);
  return t;
}

const SHIFTS = [
  { start: 480, end: 720 },
  { start: 780, end: 1020 },
];

export const STANDARD: CalendarDef = {
  id: 'std',
  name: 'Standard',
  week: [[], SHIFTS, SHIFTS, SHIFTS, SHIFTS, SHIFTS, []],
  exceptions: [],
  hoursPerDay: 8,
  hoursPerWeek: 40,
  hoursPerMonth: 172,
};

export const SEVEN_DAY: CalendarDef = {
  ...STANDARD,
  id: 'c7',
  name: '7 day',
  week: Array.from({ length: 7 }, () => SHIFTS),
};

export function act(id: string, days: number, extra: Partial<Activity> = {}): Activity {
  return { ...task(id, days * DAY, 'std'), ...extra };
}

export function rel(
  pred: string,
  succ: string,
  type: RelationType = 'fs',
  lagDays = 0,
  extra: Partial<Relation> = {},
): Relation {
  return { id: `${pred}-${succ}`, predId: pred, succId: succ, type, lag: lagDays * DAY, ...extra };
}

export function model(
  activities: Activity[],
  relations: Relation[],
  options: Partial<ScheduleOptions> = {},
): ScheduleModel {
  return {
    source: 'test',
    projectName: 'test',
    calendars: [STANDARD, SEVEN_DAY],
    activities,
    relations,
    options: {
      dataDate: at('2024-01-01 08:00'),
      projectStart: at('2024-01-01 08:00'),
      mustFinishBy: null,
      defaultCalendarId: 'std',
      progressMode: 'retained_logic',
      lagCalendar: 'predecessor',
      floatType: 'finish',
      criticalBy: 'total_float',
      criticalFloat: 0,
      semantics: 'p6',
      ...options,
    },
    resources: [],
    assignments: [],
  };
}

export interface Shown {
  es: string;
  ef: string;
  ls: string;
  lf: string;
  tf: number;
  ff: number;
  critical: boolean;
}

/** Results as P6 shows them: "YYYY-MM-DD HH:mm" and floats in hours. */
export function show(m: ScheduleModel, res: ScheduleResult = scheduleModel(m)): Record<string, Shown> {
  const out: Record<string, Shown> = {};
  const f = (t: number) => formatLocal(t).replace('T', ' ');
  m.activities.forEach((a, i) => {
    out[a.id] = {
      es: f(res.es[i]),
      ef: f(res.ef[i]),
      ls: f(res.ls[i]),
      lf: f(res.lf[i]),
      tf: res.tf[i] / 60,
      ff: res.ff[i] / 60,
      critical: res.critical[i] === 1,
    };
  });
  return out;
}

export function run(activities: Activity[], relations: Relation[], options: Partial<ScheduleOptions> = {}) {
  return show(model(activities, relations, options));
}
