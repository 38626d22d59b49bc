// The year view of a calendar: where the keyboard's cursor goes from a day (arrows by day and
// week, Page Up / Page Down by month, Home / End to the month's first and last day), kept inside
// the days the API accepts, and how many working days each month has.
import { addMonths, endOfMonth, getDaysInMonth, startOfMonth } from 'date-fns';
import { type EditableCalendar, LAST_DAY, dateOf, dayKind, dayOf } from './index';

export type DayStep =
  'left' | 'right' | 'up' | 'down' | 'prevMonth' | 'nextMonth' | 'monthStart' | 'monthEnd';

/** The step a key takes in the year view (null: the key is not the view's). */
export function stepOfKey(key: string): DayStep | null {
  const steps: Record<string, DayStep> = {
    ArrowLeft: 'left',
    ArrowRight: 'right',
    ArrowUp: 'up',
    ArrowDown: 'down',
    PageUp: 'prevMonth',
    PageDown: 'nextMonth',
    Home: 'monthStart',
    End: 'monthEnd',
  };
  return steps[key] ?? null;
}

/** The day a step leads to from `day`, inside 2000-01-01 … the last day the API accepts. */
export function stepDay(day: number, step: DayStep): number {
  const date = dateOf(day);
  let next: number;
  switch (step) {
    case 'left':
      next = day - 1;
      break;
    case 'right':
      next = day + 1;
      break;
    case 'up':
      next = day - 7;
      break;
    case 'down':
      next = day + 7;
      break;
    // date-fns keeps the day of the month, or the month's last when it has fewer days.
    case 'prevMonth':
      next = dayOf(addMonths(date, -1));
      break;
    case 'nextMonth':
      next = dayOf(addMonths(date, 1));
      break;
    case 'monthStart':
      next = dayOf(startOfMonth(date));
      break;
    case 'monthEnd':
      next = dayOf(endOfMonth(date));
      break;
  }
  return Math.min(LAST_DAY - 1, Math.max(0, next));
}

/** Working days of a month (the pattern with its exceptions). */
export function workingDaysOf(cal: EditableCalendar, year: number, month: number): number {
  const first = dayOf(new Date(year, month, 1));
  let n = 0;
  for (let d = first; d < first + getDaysInMonth(new Date(year, month, 1)); d++) {
    const kind = dayKind(cal, d);
    if (kind === 'working' || kind === 'working_exception') n++;
  }
  return n;
}
