// A month of a calendar: each day coloured by its kind (working, day off, holiday, working
// exception); a click toggles the day's exception, and the chosen day's working time can be typed.
import { addMonths, format } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import {
  type EditableCalendar,
  type Interval,
  LAST_DAY,
  dateOf,
  dayKind,
  dayOf,
  monthWeeks,
} from '../../domain/calendar-edit';
import { DayEditor } from './DayEditor';
import { KindLegend } from './KindLegend';
import { useCalendarsT } from './i18n';

/** Monday first, as the month grid. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

export function MonthView({
  cal,
  canEdit,
  onToggle,
  onSetDay,
}: {
  cal: EditableCalendar;
  canEdit: boolean;
  onToggle: (day: number) => void;
  onSetDay: (day: number, intervals: Interval[] | null) => void;
}) {
  const { t, i18n } = useCalendarsT();
  const [month, setMonth] = useState(() => {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), 1);
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const weeks = monthWeeks(month.getFullYear(), month.getMonth());
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(month);
  const longDate = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(dateOf(day));
  // Day 1 (2000-01-02) was a Sunday: weekday w falls on day 1 + w.
  const short = (w: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short' }).format(dateOf(1 + w));
  const choose = (day: number) => setChosen(day);

  return (
    <div className="cal-month">
      <div className="cal-month__head">
        <button
          type="button"
          className="btn btn--sm btn--ghost btn--icon"
          aria-label={t('prev_month')}
          onClick={() => setMonth((m) => addMonths(m, -1))}
          disabled={dayOf(month) <= 0}
        >
          <ChevronLeft size={16} />
        </button>
        <strong className="cal-month__title" aria-live="polite">
          {title}
        </strong>
        <button
          type="button"
          className="btn btn--sm btn--ghost btn--icon"
          aria-label={t('next_month')}
          onClick={() => setMonth((m) => addMonths(m, 1))}
          disabled={dayOf(addMonths(month, 1)) > LAST_DAY}
        >
          <ChevronRight size={16} />
        </button>
      </div>
      <div className="cal-month__grid" role="grid" aria-label={title}>
        <div role="row" className="cal-month__row">
          {WEEKDAYS.map((w) => (
            <span key={w} role="columnheader" className="cal-month__wd">
              {short(w)}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" key={week[0]} className="cal-month__row">
            {week.map((day) => {
              const kind = dayKind(cal, day);
              const inMonth = dateOf(day).getMonth() === month.getMonth();
              const label = `${longDate(day)}: ${t(`kind_${kind}`)}`;
              return (
                <button
                  key={day}
                  type="button"
                  role="gridcell"
                  className={`cal-day cal-day--${kind}${inMonth ? '' : ' cal-day--other'}${chosen === day ? ' cal-day--chosen' : ''}`}
                  aria-label={label}
                  title={label}
                  aria-selected={chosen === day}
                  disabled={day < 0 || day >= LAST_DAY}
                  onClick={() => {
                    if (canEdit) onToggle(day);
                    choose(day);
                  }}
                  onFocus={() => chosen !== day && choose(day)}
                >
                  {format(dateOf(day), 'd')}
                </button>
              );
            })}
          </div>
        ))}
      </div>
      <KindLegend />
      {chosen !== null && canEdit ? <DayEditor cal={cal} day={chosen} onSetDay={onSetDay} /> : null}
    </div>
  );
}
